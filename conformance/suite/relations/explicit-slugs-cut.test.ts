/**
 * slugs.cut-to-fit for explicit slugs: "an explicit slug is normalised the way a derived one is" (the
 * Slug schema), and a slug longer than 90 characters "is cut after its 90th character, and a hyphen
 * left at the end of the cut is dropped". The schema lets an explicit slug be 100 characters long, so
 * a server may believe it needs no cut ("at most 100 anyway") or cut it only on one of the operations
 * that take it. Every create and update whose body takes `slug` (read from the contract: pages and
 * categories) is sent a slug at each length around the cut, each with a run name of its own at its
 * start (explicit slugs are unique in their scope):
 *
 * - exactly 90 characters, already normalised: kept whole;
 * - 91 characters in capitals with spaces for hyphens: normalised, then cut to 90;
 * - 100 characters whose 90th is a hyphen: cut to 89, the hyphen dropped;
 * - under 70 characters with `ß`, which become `ss`: a slug longer than 90 once normalised, cut to 90
 *   (a server that measures, or cuts, the text before normalising it keeps it whole).
 *
 * The answer and a read afterwards show each cut slug. Creates are sent at once, one resource per
 * slug; an update changes one resource of the test's own, a slug after the other.
 *
 * What it leaves: four pages and one more, named after the run; the categories are deleted.
 */
import type { CheckName } from '../../checks/catalog.ts';
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor, validBody } from '../requests.ts';
import { Resources } from '../resources.ts';
import { expectedSlug, SLUG_CUT } from '../slugs.ts';
import { readResource, UPDATES, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

interface SlugForm {
  what: string;
  /** The slug sent, from a normalised run name at its start. */
  text: (head: string) => string;
}

const FORMS: SlugForm[] = [
  { what: 'exactly 90 characters', text: (head) => `${head}-${'x'.repeat(SLUG_CUT - head.length - 1)}` },
  { what: '91 characters in capitals with spaces', text: (head) => `${head}-${'x'.repeat(SLUG_CUT - head.length)}`.toUpperCase().replace(/-/g, ' ') },
  { what: '100 characters whose 90th is a hyphen', text: (head) => `${head}-${'x'.repeat(SLUG_CUT - head.length - 2)}-${'y'.repeat(10)}` },
  { what: "fewer characters with ß, a slug of more than 90 once normalised (ß is ss)", text: (head) => `${head} ${'ß'.repeat(Math.ceil((SLUG_CUT + 6 - head.length - 1) / 2))}` },
];

/** The check and rules of each operation that takes an explicit slug; another one the contract adds is judged under crud_agreement. */
const OWN: Record<string, { check: CheckName; rules: string[] }> = {
  createPage: { check: 'page_creation', rules: ['page.slug-from-name'] },
  updatePage: { check: 'crud_agreement', rules: ['page.rename-keeps-slug'] },
  createCategory: { check: 'category_slug', rules: ['category.slug-derived'] },
  updateCategory: { check: 'category_slug', rules: ['category.slug-derived'] },
};

/** The operations whose JSON body takes `slug`: the contract's explicit slugs. */
function takesSlug(operation: OperationInfo): boolean {
  const media = jsonMedia(operation);
  if (!media) return false;
  return 'slug' in (contract.resolve(media.schema, media.schemaPointer).node?.properties ?? {});
}

/** Each form's slug, with a run name of its own, and the slug the contract stores for it. */
function slugsToSend(t: Kit): { form: SlugForm; text: string; expected: string }[] {
  return FORMS.map((form) => {
    const text = form.text(expectedSlug(t.names.name('cut')));
    const expected = expectedSlug(text, { removeSlash: true });
    if ([...text].length > 100 || expected.length > SLUG_CUT) throw new Error(`the slug "${text}" is longer than the schema allows, or its expected slug uncut; this is a fault of the suite`);
    return { form, text, expected };
  });
}

const verdict = (operationId: string, form: SlugForm, text: string, shown: unknown, by: string, expected: string) =>
  `${operationId} with slug ${JSON.stringify(text)} (${form.what}): ${by} slug ${JSON.stringify(shown)} (${String(shown ?? '').length} characters); expected ${expected} (${expected.length} characters: normalised, then cut after its 90th character, a hyphen left at the end dropped)`;

/** The get of a create's resource: the GET of its path and `/{id}`. */
const readerOf = (create: OperationInfo) => contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === `${create.path}/{id}`);
/** The delete of a create's resource, where the API has one. */
const removerOf = (create: OperationInfo) => contract.operations.find((candidate) => candidate.method === 'DELETE' && candidate.path === `${create.path}/{id}`);

for (const operation of contract.operations.filter((candidate) => (candidate.method === 'POST' || candidate.method === 'PATCH') && takesSlug(candidate))) {
  const own = OWN[operation.operationId] ?? { check: 'crud_agreement' as const, rules: [] };
  const rules = ['slugs.cut-to-fit', ...own.rules];
  const title = 'cuts an explicit slug at each length around the cut (90, 91, 100 with a hyphen at 90, one that grows past 90 when normalised), in the answer and a read';

  if (operation.method === 'POST') {
    const reader = readerOf(operation);
    if (!reader) continue;
    forOperation(operation.operationId, (test) => {
      test(title, { check: own.check, rules, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
        const parentIds = await pathIdsFor(t, operation);
        const remover = removerOf(operation);
        await Promise.all(
          slugsToSend(t).map(async ({ form, text, expected }) => {
            const { status, json, exchange } = await t.call(operation, { ids: parentIds, body: { ...validBody(t, operation, 'minimal'), slug: text } });
            t.ensure(status === 201, `${operation.operationId} with slug ${JSON.stringify(text)} (${form.what}) answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
            const made = json as Json & { id: number };
            if (remover) t.cleanup(`${remover.operationId} ${made.id}`, async () => void (await t.call(remover, { ids: { ...parentIds, id: made.id } })));
            t.verify(made.slug === expected, verdict(operation.operationId, form, text, made.slug, 'answered', expected), { evidence: exchange });
            const read = await readResource(t, reader.operationId, { ...parentIds, id: made.id });
            t.verify(read.slug === expected, verdict(operation.operationId, form, text, read.slug, `then ${reader.operationId} read`, expected));
          }),
        );
      });
    });
  } else {
    const subject = UPDATES[operation.operationId];
    if (!subject) continue;
    forOperation(operation.operationId, (test) => {
      test(title, { check: own.check, rules, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
        const ids = await subject.make(new Resources(t), t);
        for (const { form, text, expected } of slugsToSend(t)) {
          const { status, json, exchange } = await t.call(operation, { ids, body: { slug: text } });
          t.ensure(status === 200, `${operation.operationId} with slug ${JSON.stringify(text)} (${form.what}) answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
          t.verify((json as Json).slug === expected, verdict(operation.operationId, form, text, (json as Json).slug, 'answered', expected), { evidence: exchange });
          const read = await readResource(t, subject.readerId, ids);
          t.verify(read.slug === expected, verdict(operation.operationId, form, text, read.slug, `then ${subject.readerId} read`, expected));
        }
      });
    });
  }
}
