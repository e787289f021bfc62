/**
 * resources.update-kept ("Create, get, list and update agree with each other") and
 * resources.answer-as-stored, for derived slugs made unique with a suffix, on the reads' own tests: for
 * every resource whose slug is derived (a page's `slug` and `name_slug`, a newsletter's `name_slug`, a
 * post's, a category's and an email's `slug`), two are made of one text at once, so that one holds the
 * slug with a `-1` suffix (slugs.unique-in-own-field), and the get and the list read each as its create
 * answered it. A read that derives the slug again from the text (a "computed field") answers the
 * suffixed one without its suffix, the other's slug; the creates' tests read back only in a run that
 * includes them, and most resources a read test meets were never suffixed.
 *
 * The same creates send `""` for every other text the resource stores as sent and the create's schema
 * lets be empty (a post's description, SEO and Open Graph texts, a category's description, an email's
 * preview: empty-text-fields.ts), and every read shows `""` there as the create's answer does
 * (resources.update-kept): an empty text is a value, and a read whose mapper writes `value || null`
 * answers it `null`, where the create and the other reads answer `""`. Those texts' own tests write them
 * only in a run that includes their create or update.
 *
 * And HEAD of each (http.head): its Content-Length is the GET's body's length, so a HEAD that derives
 * the slug again shows too.
 *
 * Cost: per get and list of the five kinds, two creates at once and their reads (the get: both GETs at
 * once, then both HEADs; the list: one walk from its newest items); the children are deleted after.
 */
import { headContentLengthProblem } from '../../contract/head-content-length.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { fillPath } from '../requests.ts';
import { Resources } from '../resources.ts';
import { emptyTextsOfCreate } from './empty-text-fields.ts';
import { CHILDREN } from './slug-children.ts';
import { UNIQUELY_NAMED } from './unique-named.ts';
import { listOf, walkList, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

interface Kind {
  create: string;
  read: string;
  /** The body field the slugs are derived from, and the rest of a valid body. */
  field: string;
  body: Record<string, unknown>;
  slugs: string[];
  /** The texts the create sends as `""`, besides the slug's field. */
  empties: string[];
  /** The parent's path ids; none for pages and newsletters. */
  parent?: (resources: Resources) => Record<string, number>;
  remove?: string;
  /** Names unique in the workspace: the second takes the text with a `!` after it, the same slug. */
  uniquelyNamed: boolean;
}

const readerOf = (create: string) => contract.operations.find((operation) => operation.method === 'GET' && operation.path === `${contract.operation(create).path}/{id}`)!.operationId;

const KINDS: Kind[] = [
  ...UNIQUELY_NAMED.map(({ create }): Kind => ({ create, read: readerOf(create), field: 'name', body: {}, slugs: create === 'createPage' ? ['slug', 'name_slug'] : ['name_slug'], empties: emptyTextsOfCreate(create).filter((field) => field !== 'name'), uniquelyNamed: true })),
  ...CHILDREN.map(
    (child): Kind => ({
      create: child.create,
      read: readerOf(child.create),
      field: child.field,
      body: child.body,
      slugs: ['slug'],
      empties: emptyTextsOfCreate(child.create).filter((field) => field !== child.field),
      parent: (resources) => ({ [child.parentParameter]: child.parentName === 'page' ? resources.sharedPageId() : resources.sharedNewsletterId() }),
      remove: child.remove,
      uniquelyNamed: false,
    }),
  ),
];

const RULES = ['resources.update-kept', 'resources.answer-as-stored', 'slugs.unique-in-own-field', 'requests.valid-input-accepted'];

/** Two resources of one slug made at once: their path ids and what each create answered. */
async function makeTwo(t: Kit, kind: Kind): Promise<{ parentIds: Record<string, number>; made: Json[] }> {
  const parentIds = kind.parent?.(new Resources(t)) ?? {};
  const text = t.names.name('Suffix Read');
  const texts = [text, kind.uniquelyNamed ? `${text}!` : text];
  const empties = Object.fromEntries(kind.empties.map((field) => [field, '']));
  const emptied = kind.empties.length > 0 ? ` and ${kind.empties.join(', ')} ""` : '';
  const made = await Promise.all(
    texts.map(async (value) => {
      const { status, json, exchange } = await t.call(contract.operation(kind.create), { ids: parentIds, body: { ...kind.body, ...empties, [kind.field]: value } });
      t.ensure(status === 201 && json !== undefined, `${kind.create} with ${kind.field} ${JSON.stringify(value)}${emptied} answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
      const answer = json as Json;
      const notEmpty = kind.empties.filter((field) => answer[field] !== '');
      t.verify(notEmpty.length === 0, `${kind.create}${emptied} answered ${notEmpty.map((field) => `${field} ${JSON.stringify(answer[field])}`).join(', ')}: the schema takes empty text, which is a value, not null`, { evidence: exchange, rules: ['requests.valid-input-accepted', 'resources.answer-as-stored'] });
      if (kind.remove) t.cleanup(`${kind.remove} ${String(answer.id)}`, async () => void (await t.call(contract.operation(kind.remove!), { ids: { ...parentIds, id: answer.id as number } })));
      return answer;
    }),
  );
  return { parentIds, made };
}

/** Judges a read of a resource the create answered `answer` for; `empties` are the texts created as "" that the read shows. */
function verifyRead(t: Kit, kind: Kind, reader: string, answer: Json, read: Json | undefined, empties: readonly string[] = kind.empties): void {
  const wrong = kind.slugs.filter((field) => read?.[field] !== answer[field]).map((field) => `${field} ${JSON.stringify(read?.[field])} (${kind.create} answered ${JSON.stringify(answer[field])})`);
  const what = read === undefined ? `${reader} does not show ${kind.create}'s ${String(answer.id)}` : `${reader} reads ${String(answer.id)} with ${wrong.join(', ')}`;
  t.verify(read !== undefined && wrong.length === 0, `${what}; a slug made unique with a suffix reads as stored, by every read`);
  if (read === undefined) return;
  // resources.update-kept: the texts created as "" read "" (not null, not absent), as the create answered.
  const notEmpty = empties.filter((field) => read[field] !== '');
  t.verify(notEmpty.length === 0, `${reader} reads ${String(answer.id)} with ${notEmpty.map((field) => `${field} ${JSON.stringify(read[field])}`).join(', ')}; ${kind.create} stored "" there, an empty text, which every read shows as ""`, { rules: ['resources.update-kept'] });
}

for (const kind of KINDS) {
  forOperation(kind.read, (test) => {
    test('reads a derived slug made unique with a suffix, and texts created as "", as its create answered them, and answers HEAD of it as GET', { check: 'crud_agreement', rules: [...RULES, 'http.head'], needs: ['state', 'input_reflection', 'head'] }, async (t: Kit) => {
      const { parentIds, made } = await makeTwo(t, kind);
      const requests = made.map((answer) => ({ method: 'GET', path: fillPath(contract.operation(kind.read).path, { ...parentIds, id: answer.id as number }) }) as const);
      const reads = await Promise.all(requests.map((request) => t.raw(request)));
      made.forEach((answer, index) => verifyRead(t, kind, kind.read, answer, reads[index]!.status === 200 ? (reads[index]!.json as Json) : undefined));
      // http.head: HEAD answers as the GET would, its Content-Length the GET's body's length; a HEAD that
      // derives the slug again (one suffix digit and hyphen short) shows in it. Nothing else writes to these.
      const heads = await Promise.all(requests.map((request) => t.raw({ ...request, method: 'HEAD' })));
      heads.forEach((head, index) => {
        const problem = headContentLengthProblem(reads[index]!.exchange, head.exchange, reads[index]!.exchange);
        t.verify(problem === undefined, `HEAD ${requests[index]!.path}, a resource whose slug has a suffix: ${problem}`, { check: 'head_as_get', rules: ['http.head'], evidence: head.exchange });
      });
    });
  });
  const listed = listOf(contract, kind.read);
  if (!listed) continue;
  const list = listed.operation;
  // The list's items show the fields of the get that its item schema declares.
  const listedEmpties = kind.empties.filter((field) => listed.fields.includes(field));
  forOperation(list.operationId, (test) => {
    test('lists a derived slug made unique with a suffix, and texts created as "", as its create answered them', { check: 'crud_agreement', rules: RULES, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const { parentIds, made } = await makeTwo(t, kind);
      // Newest first: both are among the first items of the list, found in one walk that stops at the second.
      const items = new Map<unknown, Json>();
      await walkList(t, list, parentIds, (item) => {
        if (made.some((answer) => answer.id === item.id)) items.set(item.id, item);
        return items.size === made.length;
      });
      for (const answer of made) verifyRead(t, kind, list.operationId, answer, items.get(answer.id), listedEmpties);
    });
  });
}
