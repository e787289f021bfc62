/**
 * resources.refused-write-changes-nothing over what a refusal carried: a create or update refused `409`
 * for one taken value holds none of the other values it carried. Every create and update that declares
 * `409` for a value the workspace or page keeps unique (read from the contract: a name unique in the
 * workspace, names.unique-any-case, and an explicit `slug` the body takes) is sent, for each such field,
 * a body with that field taken (by a holder of the test's own) and every other field it takes new: a
 * name, a slug. Then a create of the kind with the values the refusals carried but did not refuse (for a
 * page, the name of the refusal for the slug and the slug of the refusal for the name; for a category,
 * the name of the refusal for the slug, its slug left to be derived) is accepted with `201`, each value
 * stored as sent and each slug it derives without a suffix: no refused request holds a name or slug.
 *
 * A server that reserves the name of a create before it judges the slug, and frees it only when the
 * create succeeds, answers every create and every refusal right, and a later create of that name
 * `409` name-taken though no resource has it: it shows only here. (A newsletter's body takes only its
 * name: a refusal for it carries nothing else. A `422`'s values are judged free afterwards by
 * read-only-fields-refused.test.ts, an update's own fields by refused-update-whole.test.ts.)
 *
 * Cost, per operation: a holder, for an update a subject, a refusal per unique field (sent at once) and
 * the create after them: four or five requests (createPage and updatePage leave three and four pages).
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { verifyConflictType, type Conflict } from '../conflicts.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor } from '../requests.ts';
import { expectedSlug } from '../slugs.ts';
import { operationRuleIds } from './operation-rules.ts';
import { UNIQUELY_NAMED } from './unique-named.ts';

const { contract } = suiteContext();

type Json = Record<string, unknown>;

/** The fields a JSON body takes. */
const bodyFields = (operation: OperationInfo): string[] => {
  const media = jsonMedia(operation);
  return media ? Object.keys(contract.resolve(media.schema, media.schemaPointer).node?.properties ?? {}) : [];
};

const declares409 = (operation: OperationInfo | undefined): operation is OperationInfo => operation !== undefined && operation.responses.some((response) => response.status === '409');

/** A kind whose create declares 409: its create and update, and its unique fields with the conflict each makes. */
interface Kind {
  create: OperationInfo;
  update: OperationInfo | undefined;
  remover: OperationInfo | undefined;
  unique: { field: 'name' | 'slug'; conflict: Conflict }[];
}

const KINDS: Kind[] = contract.operations
  .filter((operation) => operation.method === 'POST' && declares409(operation) && jsonMedia(operation))
  .map((create) => {
    const fields = bodyFields(create);
    const unique: Kind['unique'] = [
      ...(UNIQUELY_NAMED.some((named) => named.create === create.operationId) && fields.includes('name') ? [{ field: 'name' as const, conflict: 'name-taken' as const }] : []),
      ...(fields.includes('slug') ? [{ field: 'slug' as const, conflict: 'slug-taken' as const }] : []),
    ];
    const update = contract.operations.find((operation) => operation.method === 'PATCH' && operation.path === `${create.path}/{id}`);
    const remover = contract.operations.find((operation) => operation.method === 'DELETE' && operation.path === `${create.path}/{id}`);
    return { create, update: declares409(update) ? update : undefined, remover, unique };
  })
  // A refusal must carry something besides its cause: another unique field, or a name a slug derives from.
  .filter((kind) => kind.unique.length > 1 || (kind.unique.some((unique) => unique.field === 'slug') && bodyFields(kind.create).includes('name')));

/** The fields a create answers that derive from its name when it is not sent (a page's slug and name_slug, a category's slug). */
const DERIVED = ['slug', 'name_slug'];

for (const kind of KINDS) {
  const uniqueNames = kind.unique.map((unique) => unique.field).join(', ');
  for (const operation of [kind.create, kind.update].filter((candidate): candidate is OperationInfo => candidate !== undefined)) {
    const updating = operation.method === 'PATCH';
    const takes = bodyFields(operation).filter((field) => field === 'name' || field === 'slug');
    const namesUnique = kind.unique.some((unique) => unique.field === 'name');
    const slugRules = operationRuleIds(contract, kind.create, /slug-taken/);
    const rules = ['resources.refused-write-changes-nothing', 'requests.valid-input-accepted', ...(namesUnique ? ['names.unique-any-case'] : []), ...slugRules];
    const holdsNothing = ['resources.refused-write-changes-nothing'];
    forOperation(operation.operationId, (test) => {
      test(`holds nothing a refusal carried: after a 409 for each taken value (${uniqueNames}) beside new ones, ${kind.create.operationId} of the new values is accepted, stored as sent, its derived slugs without a suffix`, { check: 'failed_write_leaves_nothing', rules, needs: ['state'] }, async (t: Kit) => {
        const scope = await pathIdsFor(t, kind.create);
        const create = async (body: Json) => {
          const answer = await t.call(kind.create, { ids: scope, body });
          const id = (answer.json as { id?: number } | undefined)?.id;
          if (kind.remover && answer.status === 201 && id !== undefined) t.cleanup(`${kind.remover.operationId} ${id}`, async () => void (await t.call(kind.remover!, { ids: { ...scope, id } })));
          return answer;
        };
        const fresh = (field: string, label: string) => (field === 'slug' ? expectedSlug(t.names.name(label), { removeSlash: true }) : t.names.name(label));
        const heldBody: Json = Object.fromEntries(takes.map((field) => [field, fresh(field, 'held')]));
        const [holder, subject] = await Promise.all([create(heldBody), ...(updating ? [create({ name: t.names.name('refused-subject') })] : [])]);
        t.ensure(holder!.status === 201, `${kind.create.operationId} of ${JSON.stringify(heldBody)} answered ${holder!.status ?? 'nothing'}; expected 201`, { evidence: holder!.exchange });
        const subjectId = (subject?.json as { id?: number } | undefined)?.id;
        if (updating) t.ensure(subject!.status === 201 && subjectId !== undefined, `${kind.create.operationId} answered ${subject!.status ?? 'nothing'}; expected 201`, { evidence: subject!.exchange });
        const held = holder!.json as Json;

        // Each unique field taken, every other field it takes new, all at once.
        const refusals = kind.unique.map(({ field, conflict }) => ({ field, conflict, body: { ...Object.fromEntries(takes.map((other) => [other, fresh(other, 'refused-carried')])), [field]: held[field] } as Json }));
        const answers = await Promise.all(refusals.map(({ body }) => t.call(operation, { ids: updating ? { ...scope, id: subjectId! } : scope, body })));
        const carried: Json = {};
        refusals.forEach(({ field, conflict, body }, index) => {
          const answer = answers[index]!;
          const what = `${operation.operationId} of ${JSON.stringify(body)}, whose ${field} ${JSON.stringify(held[field])} ${String(held.id)} holds`;
          t.ensure(answer.status === 409, `${what} answered ${answer.status ?? 'nothing'}; expected 409 ${conflict}`, { evidence: answer.exchange, check: 'conflict_detection', rules: conflict === 'name-taken' ? ['names.unique-any-case'] : slugRules });
          verifyConflictType(t, answer.exchange, conflict, what);
          for (const [other, value] of Object.entries(body)) if (other !== field && !(other in carried)) carried[other] = value;
        });

        // The values the refusals carried and did not refuse: free, as no resource holds them.
        const after = await create(carried);
        const what = `${kind.create.operationId} of ${JSON.stringify(carried)}, values only the refused ${operation.operationId}s carried`;
        const acceptedRules = [...holdsNothing, 'requests.valid-input-accepted', ...(namesUnique && 'name' in carried ? ['names.unique-any-case'] : [])];
        if (!t.verify(after.status === 201, `${what}, answered ${after.status ?? 'nothing'}; expected 201: no resource holds them, and a refused write holds nothing`, { evidence: after.exchange, rules: acceptedRules })) return;
        const answered = after.json as Json;
        for (const [field, value] of Object.entries(carried)) {
          t.verify(answered[field] === value, `${what}, answered ${field} ${JSON.stringify(answered[field])}; expected it as sent`, { evidence: after.exchange, rules: holdsNothing });
        }
        const text = carried.name;
        for (const field of DERIVED.filter((derived) => !(derived in carried) && typeof answered[derived] === 'string' && typeof text === 'string')) {
          const expected = expectedSlug(text as string, { removeSlash: true });
          t.verify(answered[field] === expected, `${what}, answered ${field} ${JSON.stringify(answered[field])}; expected ${expected}, without a suffix: no resource holds it, and a refused write holds nothing`, { evidence: after.exchange, rules: holdsNothing });
        }
      });
    });
  }
}
