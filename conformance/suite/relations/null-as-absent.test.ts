/**
 * requests.null-as-absent: an optional field sent as `null` is what the contract says `null` is, on every
 * create and update with a JSON body, with the fields that depend on it.
 *
 * Creates: the bodies say an optional field defaults to `null` ("Only the title is required; every
 * other field defaults to `null`", PostCreate; CategoryCreate the same), and where absence means more,
 * they say it of `null` too: a slug "When absent or `null`" is derived from the name (PageCreate,
 * CategoryCreate), and `content_md` is rendered "When `content_html` is absent or `null`" (PostCreate,
 * EmailCreate). So each create is sent with every optional field that takes `null` as `null`, but a
 * field whose description makes it depend on another being "absent or `null`" (`content_md`), which is
 * given a value; the answer and a read afterwards show each such field as the create without it would:
 * a derived slug as the name's (slugs.ts, for a name of plain letters), the dependent Markdown's
 * rendering (as CommonMark renders it, contract/commonmark.ts), `null` for every other one. A server
 * that tells `null` from absent with `!== undefined` (a form that sends an empty HTML box as `null`)
 * stores no content, or a `null` slug, and passes every test that leaves the field out.
 *
 * Updates: "Absent fields keep their value; `null` clears an optional field". The readable fields
 * cleared by `null` are cleared-fields.test.ts's; here each write-only field that takes `null`
 * (`content_md`, a post's `author_id`), sent as `null` alone to a resource made with every field
 * filled, changes no field a read shows but `updated_at`: `content_html`, which Markdown given without
 * it replaces, keeps its value when the Markdown is cleared. Then `content_html: null` beside
 * `content_md` (PostUpdate, EmailUpdate: rendered "When `content_html` is absent or `null`"): the answer
 * and a read show the Markdown's rendering, not a cleared content. A server that applies the update's
 * `null` before looking for Markdown clears the post.
 *
 * The converse, with its own rule (requests.html-over-markdown): the kept field of such a pair sent as
 * the empty text beside its source (`content_html: ""` beside `content_md`) is given, not absent: it
 * "Takes precedence over `content_md` when both are given", so the answer shows `""`, not the Markdown's
 * rendering. A server that picks `content_html || render(content_md)` (a form whose HTML box was left
 * empty) stores the rendering. Each create sends that body beside its null one, at once; each update
 * sends it after its `null` beside the Markdown.
 *
 * sendEmail's body is neither: its `scheduled_at` "When omitted or `null`" sends at once, which
 * core/send-email.test.ts judges with `null` beside its send without a time.
 *
 * Cost: per create, the create and a get, and for a pair the create with "" sent beside it at once; per
 * update with such fields, the resource, a read, and an update and a read per field, per Markdown field
 * one more, and for a pair one update.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { commonMarkHtml, htmlDifference } from '../../contract/commonmark.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch, resolveSchema, typesOf } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor, validBody } from '../requests.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';
import { alternativePairs, standsInFor, type AlternativePair } from './alternative-fields.ts';
import { changesOnly, differences, readResource, updateResource, UPDATES, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

const RULES = ['requests.null-as-absent'];
const EMPTY_KEPT_RULES = ['requests.html-over-markdown'];

interface NullableField {
  name: string;
  writeOnly: boolean;
  /** "When absent or `null`, ... derived from the name": a slug. */
  derivedFromName: boolean;
  /** The field whose being "absent or `null`" this one's value replaces (`content_md`: `content_html`). */
  standsInFor?: string;
}

/** The optional fields of the operation's JSON body that take `null`, with what the contract says of them. */
function nullableFields(operation: OperationInfo): NullableField[] {
  const media = jsonMedia(operation);
  const schema = media ? constrainedBranch(contract, media.schema) : undefined;
  const required = new Set<string>(schema?.required ?? []);
  return Object.entries<Record<string, unknown>>(schema?.properties ?? {}).flatMap(([name, raw]) => {
    if (required.has(name) || !typesOf(contract, raw).nullable) return [];
    const resolved = resolveSchema(contract, raw) as Record<string, unknown>;
    const description = String(raw.description ?? resolved.description ?? '');
    const writeOnly = raw.writeOnly === true || resolved.writeOnly === true || constrainedBranch(contract, raw)?.writeOnly === true;
    const standIn = standsInFor(description);
    return [{ name, writeOnly, derivedFromName: /absent or `null`[^.]*derived from the name/.test(description), ...(standIn ? { standsInFor: standIn } : {}) }];
  });
}

/** Markdown with emphasis and raw HTML, for a field that stands in for a null one. */
const markdownFor = (t: Kit) => `${t.names.name('null-beside')} with *emphasis* and <b>raw HTML</b>`;

/** How `shown` differs from what the contract says the field reads as when sent as `null`; undefined when it does not. */
function wrongWhenNull(field: NullableField, shown: unknown, body: Json, dependents: NullableField[]): string | undefined {
  const dependent = dependents.find((candidate) => candidate.standsInFor === field.name);
  if (dependent) {
    const markdown = String(body[dependent.name]);
    if (typeof shown !== 'string') return `${field.name} ${JSON.stringify(shown)}; with ${field.name} null, the ${dependent.name} sent beside it is rendered to it`;
    const wrong = htmlDifference(commonMarkHtml(markdown), shown);
    return wrong && `${field.name}, with ${field.name} null beside ${dependent.name} ${JSON.stringify(markdown)}, is not its rendering: ${wrong}`;
  }
  if (field.derivedFromName) {
    const slug = expectedSlug(String(body.name));
    return shown === slug ? undefined : `${field.name} ${JSON.stringify(shown)}; sent as null, it is derived from the name ${JSON.stringify(body.name)}, as when absent: ${JSON.stringify(slug)}`;
  }
  return shown === null ? undefined : `${field.name} ${JSON.stringify(shown)}; sent as null, it defaults to null, as when absent`;
}

/** A body with each pair's kept field empty beside its source: the empty text is given, and taken over the source. */
const emptyBeside = (t: Kit, pairs: readonly AlternativePair[]): Json => Object.fromEntries(pairs.flatMap((pair) => [[pair.kept, ''], [pair.source, markdownFor(t)]]));

/** How the answer shows a kept field sent empty beside its source otherwise than as the empty text it was sent; none when it does not. */
const wrongWhenEmpty = (pairs: readonly AlternativePair[], answer: Json): string[] =>
  pairs.flatMap((pair) => (answer[pair.kept] === '' ? [] : [`${pair.kept} ${JSON.stringify(answer[pair.kept])}; sent as "" beside ${pair.source}, it is given and takes precedence: ""`]));

const readerOf = (create: OperationInfo) => contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === `${create.path}/{id}`);

for (const create of contract.operations.filter((candidate) => candidate.method === 'POST')) {
  const reader = readerOf(create);
  const fields = nullableFields(create);
  if (!reader || fields.length === 0) continue;
  const dependents = fields.filter((field) => field.standsInFor !== undefined && fields.some((other) => other.name === field.standsInFor));
  const nulled = fields.filter((field) => !dependents.includes(field));
  const read = nulled.filter((field) => !field.writeOnly);
  const besides = dependents.length ? `, ${dependents.map((field) => field.name).join(', ')} given beside it` : '';
  const pairs = alternativePairs(contract, create.operationId);
  const emptyToo = pairs.length ? `; ${pairs.map((pair) => `${pair.kept} "" beside ${pair.source}`).join(', ')} is kept as ""` : '';
  forOperation(create.operationId, (test) => {
    test(`takes ${nulled.map((field) => field.name).join(', ')} sent as null as absent${besides}: the answer and the get show what the create without them would${emptyToo}`, { check: 'null_as_absent', rules: pairs.length ? [...RULES, ...EMPTY_KEPT_RULES] : RULES, needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const parentIds = await pathIdsFor(t, create);
      const body: Json = { ...validBody(t, create, 'minimal'), ...Object.fromEntries(nulled.map((field) => [field.name, null])), ...Object.fromEntries(dependents.map((field) => [field.name, markdownFor(t)])) };
      const emptyBody: Json = { ...validBody(t, create, 'minimal'), ...emptyBeside(t, pairs) };
      const [{ status, json, exchange }, empty] = await Promise.all([t.call(create, { ids: parentIds, body }), pairs.length ? t.call(create, { ids: parentIds, body: emptyBody }) : undefined]);
      if (empty) {
        const wrong = empty.status === 201 ? wrongWhenEmpty(pairs, empty.json as Json) : [`status ${empty.status ?? 'nothing'}; expected 201`];
        t.verify(wrong.length === 0, `${create.operationId} with ${pairs.map((pair) => `${pair.kept} "" beside ${pair.source}`).join(', ')} answered ${wrong.join('; ')}`, { evidence: empty.exchange, rules: EMPTY_KEPT_RULES });
      }
      t.ensure(status === 201, `${create.operationId} with ${nulled.map((field) => field.name).join(', ')} sent as null answered ${status ?? 'nothing'}; expected 201, as without them`, { evidence: exchange });
      const answer = json as Json & { id: number };
      const wrong = read.flatMap((field) => wrongWhenNull(field, answer[field.name], body, dependents) ?? []);
      t.verify(wrong.length === 0, `${create.operationId} answered ${wrong.join('; ')}`, { evidence: exchange });
      const stored = await readResource(t, reader.operationId, { ...parentIds, id: answer.id });
      const inRead = differences(answer, stored, read.map((field) => field.name));
      t.verify(inRead.length === 0, `after ${create.operationId} with fields sent as null, ${reader.operationId} shows them otherwise than the create answered: ${inRead.join('; ')}`);
    });
  });
}

for (const [updateId, subject] of Object.entries(UPDATES)) {
  const fields = nullableFields(contract.operation(updateId));
  const writeOnly = fields.filter((field) => field.writeOnly);
  if (writeOnly.length === 0) continue;
  // A field that stands in for another "absent or `null`" (content_md for content_html, PostUpdate and
  // EmailUpdate): the other sent as null beside it is rendered from it, as on create, not cleared.
  const dependents = writeOnly.filter((field) => field.standsInFor !== undefined && fields.some((other) => other.name === field.standsInFor));
  const besides = dependents.map((field) => `, then ${field.standsInFor} null beside ${field.name}, which renders it`).join('');
  const pairs = alternativePairs(contract, updateId);
  const emptyToo = pairs.map((pair) => `, then ${pair.kept} "" beside ${pair.source}, kept as ""`).join('');
  forOperation(updateId, (test) => {
    // changesOnly judges each step under resources.patch-named-fields-only: "null clears the field it
    // names and changes no other" is that rule's case for a null.
    const updateRules = [...RULES, 'resources.patch-named-fields-only', ...(pairs.length ? EMPTY_KEPT_RULES : [])];
    test(`changes nothing a read shows but updated_at with ${writeOnly.map((field) => field.name).join(', ')} sent as null, each alone${besides}${emptyToo}`, { check: 'null_as_absent', rules: updateRules, needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      // Made with every readable field filled, content_html included.
      const ids = await subject.make(new Resources(t), t);
      let before = await readResource(t, subject.readerId, ids);
      for (const field of writeOnly) {
        before = await changesOnly(t, `an update of ${field.name}: null alone`, { operationId: updateId, readerId: subject.readerId, ids }, before, { [field.name]: null }, [field.name]);
      }
      for (const dependent of dependents) {
        const nulled = fields.find((field) => field.name === dependent.standsInFor)!;
        const body: Json = { [nulled.name]: null, [dependent.name]: markdownFor(t) };
        const step = `an update of ${nulled.name}: null beside ${dependent.name}`;
        const answer = await updateResource(t, updateId, ids, body);
        const inAnswer = wrongWhenNull(nulled, answer[nulled.name], body, dependents);
        t.verify(inAnswer === undefined, `${step} answered ${inAnswer}`);
        const stored = await readResource(t, subject.readerId, ids);
        const inRead = wrongWhenNull(nulled, stored[nulled.name], body, dependents);
        t.verify(inRead === undefined, `after ${step}, ${subject.readerId} shows ${inRead}`);
      }
      if (pairs.length) {
        // The content is the rendering of the Markdown now: an empty content_html taken as absent renders it again.
        const answer = await updateResource(t, updateId, ids, emptyBeside(t, pairs));
        const wrong = wrongWhenEmpty(pairs, answer);
        t.verify(wrong.length === 0, `an update of ${pairs.map((pair) => `${pair.kept} "" beside ${pair.source}`).join(', ')} answered ${wrong.join('; ')}`, { rules: EMPTY_KEPT_RULES });
      }
    });
  });
}
