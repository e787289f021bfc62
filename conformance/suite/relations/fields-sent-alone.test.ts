/**
 * requests.absent-as-default, on every create with a JSON body of two or more optional fields: an
 * optional field left out reads as its default (`null`: "every other field defaults to `null`",
 * PostCreate; "the other fields default to `null`", CategoryCreate; or the default its schema states,
 * a post's `status`), whatever the other fields of the body hold. Only what the contract derives is
 * filled from a sibling: a slug "When absent or `null`, derived from the name", and `content_html`
 * rendered from `content_md` "When `content_html` is absent or `null`" (alternative-fields.ts).
 *
 * So each optional field of each create is sent alone beside the required ones (a write-only one too:
 * it can fill a readable field), all at once; the answer, the get and the list show every other
 * optional field at its default. A server that fills a field from a sibling when it is absent (the Open
 * Graph title from the SEO one, as an editor's preview shows a shared link; a preview text from the
 * content) passes every test that sends the fields all or none.
 *
 * The fields and their defaults are read from the contract, so a field it adds is judged too. Cost: per
 * such create, one create per optional field and a get of each, all at once, and one walk of the list
 * (its first page, where the new resources are).
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch, resolveSchema } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor, validBody } from '../requests.ts';
import { Resources } from '../resources.ts';
import { alternativePairs } from './alternative-fields.ts';
import { differences, listOf, readResource, walkList, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

const RULES = ['requests.absent-as-default'];

interface OptionalField {
  name: string;
  /** What it reads as when left out: its schema's default, else `null`. */
  default: unknown;
  /** "When absent or `null`, derived from the name": a slug, never judged against a default. */
  derived: boolean;
}

/** The optional fields of the create's JSON body, with their defaults. */
function optionalFields(create: OperationInfo): OptionalField[] {
  const media = jsonMedia(create);
  const schema = media ? constrainedBranch(contract, media.schema) : undefined;
  const required = new Set<string>(schema?.required ?? []);
  return Object.entries<Record<string, unknown>>(schema?.properties ?? {}).flatMap(([name, raw]) => {
    if (required.has(name)) return [];
    const resolved = resolveSchema(contract, raw) as Record<string, unknown>;
    const description = String(raw.description ?? resolved.description ?? '');
    const stated = raw.default ?? resolved.default;
    return [{ name, default: stated === undefined ? null : stated, derived: /absent or `null`[^.]*derived/.test(description) }];
  });
}

const readerOf = (create: OperationInfo) => contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === `${create.path}/{id}`);

for (const create of contract.operations.filter((candidate) => candidate.method === 'POST')) {
  const reader = readerOf(create);
  const fields = optionalFields(create);
  if (!reader || fields.length < 2) continue;
  const pairs = alternativePairs(contract, create.operationId);
  /** The fields judged when `sent` is sent alone: every other one, but those the contract derives (from the name, or from `sent`). */
  const judgedBeside = (sent: string) => fields.filter((field) => field.name !== sent && !field.derived && !pairs.some((pair) => pair.source === sent && pair.kept === field.name));
  const list = listOf(contract, reader.operationId);
  forOperation(create.operationId, (test) => {
    test(
      `fills no optional field the body leaves out from the ones it sends: each of ${fields.map((field) => field.name).join(', ')} sent alone, the answer, the get${list ? ' and the list' : ''} show every other at its default (but what the contract derives)`,
      { check: 'null_as_absent', rules: RULES, needs: ['input_reflection', 'state'] },
      async (t: Kit) => {
        const parentIds = await pathIdsFor(t, create);
        const resources = new Resources(t);
        // Every optional field filled, references to real resources (a category of the page, the shared author).
        const categoryId = fields.some((field) => field.name === 'category_id') && parentIds.page_id !== undefined ? (await resources.category(parentIds.page_id)).id : null;
        const filled = validBody(t, create, 'typical', { categoryId, authorId: resources.authorId() });
        const minimal = () => validBody(t, create, 'minimal');
        const sent = fields.filter((field) => filled[field.name] !== undefined && filled[field.name] !== null);
        const made = await Promise.all(
          sent.map(async (field) => {
            const body = { ...minimal(), [field.name]: filled[field.name] };
            const { status, json, exchange } = await t.call(create, { ids: parentIds, body });
            t.ensure(status === 201, `${create.operationId} with ${field.name} alone beside the required fields answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
            const answer = json as Json & { id: number };
            return { field, answer, stored: await readResource(t, reader.operationId, { ...parentIds, id: answer.id }) };
          }),
        );
        const listed = new Map<unknown, Json>();
        const ids = new Set(made.map(({ answer }) => answer.id));
        if (list)
          await walkList(t, list.operation, parentIds, (item) => {
            if (ids.has(item.id as number)) listed.set(item.id, item);
            return listed.size === ids.size;
          });
        for (const { field, answer, stored } of made) {
          const judged = judgedBeside(field.name).filter((other) => other.name in answer);
          const expected = Object.fromEntries(judged.map((other) => [other.name, other.default]));
          const shown: [string, Json | undefined][] = [
            ['answered', answer],
            [`then ${reader.operationId} showed`, stored],
            [`and ${list?.operation.operationId ?? 'its list'} listed`, list ? listed.get(answer.id) : undefined],
          ];
          for (const [how, resource] of shown) {
            if (!resource) continue;
            const wrong = differences(expected, resource, judged.filter((other) => other.name in resource).map((other) => other.name));
            t.verify(wrong.length === 0, `${create.operationId} with ${field.name} ${JSON.stringify(filled[field.name]).slice(0, 80)} alone ${how} fields it was not sent otherwise than their default: ${wrong.join('; ')}`);
          }
        }
      },
    );
  });
}
