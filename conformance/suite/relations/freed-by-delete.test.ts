/**
 * A deleted resource frees what made it unique (resources.gone-after-delete: it is gone for good, so it
 * holds no slug). For every create operation whose answer has a `slug` and whose resource the contract
 * lets one delete (a `DELETE` on the create's path and `/{id}`): the text the slug is derived from (the
 * string the create's body requires), made, deleted and made again, gets the same slug without a suffix
 * (the introduction's Slugs: a suffix only where the derived slug is taken); and where the body takes an
 * explicit `slug`, one that only a deleted resource had is accepted (`201`, not the `409` of a slug
 * taken). A server that keeps a deleted resource's row (a soft delete) and counts it when it checks a
 * slug passes every test that makes the slug once.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor, validBody, type PathIds } from '../requests.ts';
import { expectedSlug } from '../slugs.ts';
import { operationRuleIds } from './operation-rules.ts';

const { contract } = suiteContext();

interface Deletable {
  create: OperationInfo;
  remove: OperationInfo;
  /** The required text the slug is derived from (name, title or subject). */
  source: string;
  /** Whether the body takes an explicit `slug`. */
  explicit: boolean;
}

function bodyProperties(operation: OperationInfo): { properties: Record<string, { type?: unknown }>; required: string[] } {
  const media = jsonMedia(operation);
  const branch = media ? constrainedBranch(contract, media.schema) : undefined;
  const properties = Object.fromEntries(Object.entries(branch?.properties ?? {}).map(([name, schema]) => [name, constrainedBranch(contract, schema as object)]));
  return { properties, required: Array.isArray(branch?.required) ? branch.required : [] };
}

function answersSlug(operation: OperationInfo): boolean {
  const created = operation.responses.find((response) => response.status === '201')?.content[0];
  return created !== undefined && 'slug' in (contract.resolve(created.schema, created.schemaPointer).node.properties ?? {});
}

function deletable(create: OperationInfo): Deletable | undefined {
  if (create.method !== 'POST' || !answersSlug(create)) return undefined;
  const remove = contract.operations.find((candidate) => candidate.method === 'DELETE' && candidate.path === `${create.path}/{id}`);
  if (!remove) return undefined;
  const { properties, required } = bodyProperties(create);
  const source = required.find((name) => name !== 'slug' && properties[name]?.type === 'string');
  return source ? { create, remove, source, explicit: 'slug' in properties } : undefined;
}

const DELETABLE = contract.operations.map(deletable).filter((found): found is Deletable => found !== undefined);

/** Makes one resource (201 required), then deletes it (204 required): its answer. */
async function makeAndDelete(t: Kit, child: Deletable, ids: PathIds, body: Record<string, unknown>, what: string): Promise<{ slug?: unknown }> {
  const made = await t.call(child.create, { ids, body });
  t.ensure(made.status === 201, `${what}: ${child.create.operationId} answered ${made.status ?? 'nothing'}; expected 201`, { evidence: made.exchange });
  const created = made.json as { id: number; slug?: unknown };
  const gone = await t.call(child.remove, { ids: { ...ids, id: created.id } });
  t.ensure(gone.status === 204, `${what}: ${child.remove.operationId} of ${created.id} answered ${gone.status ?? 'nothing'}; expected 204`, { evidence: gone.exchange });
  return created;
}

/** Makes one resource that the test deletes afterwards: the call's answer. */
async function makeKept(t: Kit, child: Deletable, ids: PathIds, body: Record<string, unknown>) {
  const answer = await t.call(child.create, { ids, body });
  const id = (answer.json as { id?: unknown } | undefined)?.id;
  if (answer.status === 201 && typeof id === 'number') t.cleanup(`${child.create.operationId} ${id}`, async () => void (await t.call(child.remove, { ids: { ...ids, id } })));
  return answer;
}

for (const child of DELETABLE) {
  const rules = ['resources.gone-after-delete'];
  forOperation(child.create.operationId, (test) => {
    test(`gives a ${child.source} whose only holder was deleted its slug again, without a suffix`, { check: 'use_after_free', rules, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const ids = await pathIdsFor(t, child.create);
      const text = `${t.names.name('freed')} Freed ${child.source}`;
      const base = validBody(t, child.create, 'minimal');
      delete base.slug;
      const first = await makeAndDelete(t, child, ids, { ...base, [child.source]: text }, `the first ${child.source} ${JSON.stringify(text)}`);
      t.ensure(first.slug === expectedSlug(text), `${child.source} ${JSON.stringify(text)} got slug ${JSON.stringify(first.slug)}; expected ${expectedSlug(text)}`);
      const again = await makeKept(t, child, ids, { ...base, [child.source]: text });
      t.ensure(again.status === 201, `the same ${child.source} after the first was deleted: ${child.create.operationId} answered ${again.status ?? 'nothing'}; expected 201`, { evidence: again.exchange });
      const slug = (again.json as { slug?: unknown }).slug;
      t.verify(slug === first.slug, `${child.source} ${JSON.stringify(text)}, made again after the only resource with it was deleted, got slug ${JSON.stringify(slug)}; expected ${JSON.stringify(first.slug)}: a deleted resource holds no slug, so no suffix is needed`, { evidence: again.exchange });
    });

    test(`gives a ${child.source} its slug without a suffix once the holder is deleted, while a suffixed one stays`, { check: 'use_after_free', rules, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      // The slug, then the slug with -1; the first deleted: the slug is free again, and a server that
      // numbers past the highest suffix it finds (-2) passes the test above, where no suffix is left.
      const ids = await pathIdsFor(t, child.create);
      const text = `${t.names.name('freed')} Twice ${child.source}`;
      const base = validBody(t, child.create, 'minimal');
      delete base.slug;
      const body = { ...base, [child.source]: text };
      const holder = await t.call(child.create, { ids, body });
      const holderId = (holder.json as { id?: unknown } | undefined)?.id;
      t.ensure(holder.status === 201 && typeof holderId === 'number', `${child.create.operationId} of ${child.source} ${JSON.stringify(text)} answered ${holder.status ?? 'nothing'}; expected 201`, { evidence: holder.exchange });
      const slug = expectedSlug(text);
      t.ensure((holder.json as { slug?: unknown }).slug === slug, `${child.source} ${JSON.stringify(text)} got slug ${JSON.stringify((holder.json as { slug?: unknown }).slug)}; expected ${slug}`, { evidence: holder.exchange });
      const suffixed = await makeKept(t, child, ids, body);
      t.ensure(suffixed.status === 201, `the same ${child.source} a second time: ${child.create.operationId} answered ${suffixed.status ?? 'nothing'}; expected 201`, { evidence: suffixed.exchange });
      const gone = await t.call(child.remove, { ids: { ...ids, id: holderId as number } });
      t.ensure(gone.status === 204, `${child.remove.operationId} of ${String(holderId)} answered ${gone.status ?? 'nothing'}; expected 204`, { evidence: gone.exchange });
      const again = await makeKept(t, child, ids, body);
      t.ensure(again.status === 201, `the same ${child.source} a third time: ${child.create.operationId} answered ${again.status ?? 'nothing'}; expected 201`, { evidence: again.exchange });
      const got = (again.json as { slug?: unknown }).slug;
      t.verify(got === slug, `${child.source} ${JSON.stringify(text)}, made after its unsuffixed holder was deleted (${JSON.stringify((suffixed.json as { slug?: unknown }).slug)} still stands), got slug ${JSON.stringify(got)}; expected ${JSON.stringify(slug)}: a suffix only where the derived slug is taken`, { evidence: again.exchange });
    });

    if (!child.explicit) return;
    const taken = operationRuleIds(contract, child.create, /slug-taken/);
    test('accepts an explicit slug that only a deleted resource had', { check: 'use_after_free', rules: [...rules, ...taken], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const ids = await pathIdsFor(t, child.create);
      const slug = expectedSlug(t.names.name('freed-slug'));
      const base = validBody(t, child.create, 'minimal');
      const first = await makeAndDelete(t, child, ids, { ...base, [child.source]: t.names.name('first holder'), slug }, `explicit slug ${slug}`);
      t.ensure(first.slug === slug, `explicit slug ${slug} was stored as ${JSON.stringify(first.slug)}; expected it as sent`);
      const again = await makeKept(t, child, ids, { ...base, [child.source]: t.names.name('second holder'), slug });
      const refused = again.status === 409 ? ' (409: the deleted resource still holds it)' : '';
      t.verify(again.status === 201, `explicit slug ${slug}, which only a deleted resource had, answered ${again.status ?? 'nothing'}${refused}; expected 201: a deleted resource uses no slug`, { evidence: again.exchange });
      if (again.status === 201) t.verify((again.json as { slug?: unknown }).slug === slug, `explicit slug ${slug} made again was stored as ${JSON.stringify((again.json as { slug?: unknown }).slug)}; expected it as sent`, { evidence: again.exchange });
    });
  });
}
