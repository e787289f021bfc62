/**
 * A slug that follows a name follows it back: for every update operation whose resource has a
 * `name_slug` and whose body takes `name` (read from the contract: updatePage, updateNewsletter), a
 * resource of the test's own renamed from A to B and back to A has A's first `name_slug` again, in the
 * answer and in a read. Its own former `name_slug` is taken by no one (the introduction's Slugs: a
 * suffix only where the derived slug is taken; the operation's rule that `name_slug` follows the name).
 * A server that keeps the former slugs of a resource (for redirects) and counts them as taken answers
 * `a-1`, which a single rename never shows.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { validBody } from '../requests.ts';
import { expectedSlug } from '../slugs.ts';
import { operationRuleIds } from './operation-rules.ts';

const { contract } = suiteContext();

function answers(operation: OperationInfo, status: string, field: string): boolean {
  const content = operation.responses.find((response) => response.status === status)?.content[0];
  return content !== undefined && field in (contract.resolve(content.schema, content.schemaPointer).node.properties ?? {});
}

function takes(operation: OperationInfo, field: string): boolean {
  const media = jsonMedia(operation);
  return media !== undefined && field in (constrainedBranch(contract, media.schema)?.properties ?? {});
}

interface Renamed {
  update: OperationInfo;
  create: OperationInfo;
  get: OperationInfo | undefined;
}

/** A top-level resource the suite can make (its create takes no path ids), renamed by `update`. */
function renamed(update: OperationInfo): Renamed | undefined {
  if (update.method !== 'PATCH' || !update.path.endsWith('/{id}') || !answers(update, '200', 'name_slug') || !takes(update, 'name')) return undefined;
  const collection = update.path.slice(0, -'/{id}'.length);
  const create = contract.operations.find((candidate) => candidate.method === 'POST' && candidate.path === collection);
  if (!create || create.path.includes('{') || !takes(create, 'name')) return undefined;
  return { update, create, get: contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === update.path) };
}

for (const { update, create, get } of contract.operations.map(renamed).filter((found): found is Renamed => found !== undefined)) {
  const rules = operationRuleIds(contract, update, /name_slug/);
  forOperation(update.operationId, (test) => {
    test('gives back the first name_slug when a resource is renamed back to its first name', { check: 'crud_agreement', rules: ['resources.update-kept', ...rules], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const first = t.names.name('renamed');
      const second = t.names.name('renamed away');
      const made = await t.call(create, { ids: {}, body: { ...validBody(t, create, 'minimal'), name: first } });
      t.ensure(made.status === 201, `${create.operationId} answered ${made.status ?? 'nothing'}; expected 201`, { evidence: made.exchange });
      const { id, name_slug: original } = made.json as { id: number; name_slug?: unknown };
      t.ensure(original === expectedSlug(first), `name ${JSON.stringify(first)} got name_slug ${JSON.stringify(original)}; expected ${expectedSlug(first)}`, { evidence: made.exchange });

      const away = await t.call(update, { ids: { id }, body: { name: second } });
      t.ensure(away.status === 200, `renaming ${id} to ${JSON.stringify(second)} answered ${away.status ?? 'nothing'}; expected 200`, { evidence: away.exchange });
      const moved = (away.json as { name_slug?: unknown }).name_slug;
      t.verify(moved === expectedSlug(second), `renamed to ${JSON.stringify(second)}, name_slug is ${JSON.stringify(moved)}; expected ${expectedSlug(second)}: it follows the name`, { evidence: away.exchange });

      const back = await t.call(update, { ids: { id }, body: { name: first } });
      t.ensure(back.status === 200, `renaming ${id} back to ${JSON.stringify(first)} answered ${back.status ?? 'nothing'}; expected 200`, { evidence: back.exchange });
      const returned = (back.json as { name_slug?: unknown }).name_slug;
      t.verify(returned === original, `renamed back to ${JSON.stringify(first)}, name_slug is ${JSON.stringify(returned)}; expected ${JSON.stringify(original)} as at first: no other resource holds it, and a former slug is not taken`, { evidence: back.exchange });
      if (!get) return;
      const read = await t.call(get, { ids: { id } });
      const stored = (read.json as { name_slug?: unknown } | undefined)?.name_slug;
      t.verify(read.status === 200 && stored === original, `a read after renaming back answered ${read.status ?? 'nothing'} with name_slug ${JSON.stringify(stored)}; expected 200 with ${JSON.stringify(original)}`, { evidence: read.exchange, rules: ['resources.answer-as-stored'] });
    });
  });
}
