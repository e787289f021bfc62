/**
 * A slug is unique among the children of one kind in their parent, not among every child of it: a
 * category's among the page's categories (category.slug-derived, category.slug-taken: "another category
 * of the page"), a post's among the page's posts (post.slug-unique-in-page). For every child kind and
 * every other kind under the same parent, a child of the other kind is made first, then this kind's
 * create with the same text gets the slug without a suffix; where the create or the update takes an
 * explicit slug, the other kind's slug sent there is accepted and stored as sent. A server that counts
 * every slug of the parent answers `-1`, or a `409`, for a slug no sibling of the kind has.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';
import { operationRuleIds } from './operation-rules.ts';
import { CHILDREN, type SlugChild } from './slug-children.ts';

const { contract } = suiteContext();

/** Whether the operation's JSON body takes an explicit `slug`. */
function takesSlug(operationId: string): boolean {
  const body = jsonMedia(contract.operation(operationId));
  return body !== undefined && 'slug' in (contract.resolve(body.schema, body.schemaPointer).node.properties ?? {});
}

/** The rules of explicit slugs already used (`*.slug-taken`) the operation states, else its create, else the child's own. */
function explicitSlugRules(operationId: string, child: SlugChild): string[] {
  for (const stating of [operationId, child.create]) {
    const stated = operationRuleIds(contract, contract.operation(stating), /slug-taken/);
    if (stated.length > 0) return stated;
  }
  return child.rules;
}

/** The update of a child: the PATCH of its item path. */
function updateOf(child: SlugChild): string | undefined {
  const path = contract.operation(child.create).path;
  return contract.operations.find((operation) => operation.method === 'PATCH' && operation.path === `${path}/{id}`)?.operationId;
}

/** Makes a child of the kind with the text in its slug's field, removed after the test: its id and slug. */
async function makeChild(t: Kit, child: SlugChild, parentId: number, text: string, extra: Record<string, unknown> = {}) {
  const { status, json, exchange } = await t.call(contract.operation(child.create), { ids: { [child.parentParameter]: parentId }, body: { ...child.body, [child.field]: text, ...extra } });
  const made = json as { id?: unknown; slug?: unknown } | undefined;
  if (status === 201 && typeof made?.id === 'number') {
    const id = made.id;
    t.cleanup(`${child.create.slice(6).toLowerCase()} ${id} of ${child.parentName} ${parentId}`, async () => void (await t.call(contract.operation(child.remove), { ids: { [child.parentParameter]: parentId, id } })));
  }
  return { status, id: made?.id as number | undefined, slug: made?.slug, exchange };
}

for (const child of CHILDREN) {
  const others = CHILDREN.filter((other) => other !== child && other.parentName === child.parentName);
  if (others.length === 0) continue;
  const update = updateOf(child);
  forOperation(child.create, (test) => {
    const rules = takesSlug(child.create) ? [...new Set([...child.rules, ...explicitSlugRules(child.create, child)])] : child.rules;
    test(`gives a ${child.field} its slug without a suffix where only a ${others.map((other) => other.create.slice(6).toLowerCase()).join(' or ')} of the ${child.parentName} has it${takesSlug(child.create) ? ', and takes that slug sent explicitly' : ''}: slugs are unique per kind`, { check: child.check, rules, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const resources = new Resources(t);
      const parentId = child.parentName === 'page' ? (await resources.page('slug-kinds')).id : (await resources.newsletter('slug-kinds')).id;
      for (const other of others) {
        const kind = other.create.slice(6).toLowerCase();
        const text = `${t.names.name('kinds')} ${kind}`;
        const sibling = await makeChild(t, other, parentId, text);
        t.ensure(sibling.status === 201 && typeof sibling.slug === 'string', `${other.create} on ${child.parentName} ${parentId} answered ${sibling.status ?? 'nothing'}; expected 201 with a slug`, { evidence: sibling.exchange });
        const expected = expectedSlug(text);
        const derived = await makeChild(t, child, parentId, text);
        t.ensure(derived.status === 201, `${child.create} of ${JSON.stringify(text)} on ${child.parentName} ${parentId} answered ${derived.status ?? 'nothing'}; expected 201`, { evidence: derived.exchange });
        t.verify(derived.slug === expected, `${child.create} of ${JSON.stringify(text)}, which only a ${kind} of ${child.parentName} ${parentId} has, got slug ${JSON.stringify(derived.slug)}; expected ${expected}: a slug is unique among the ${child.create.slice(6).toLowerCase()} siblings only`, { evidence: derived.exchange });
        if (!takesSlug(child.create)) continue;
        const explicitText = `${t.names.name('kinds-explicit')} ${kind}`;
        const taken = await makeChild(t, other, parentId, explicitText);
        t.ensure(taken.status === 201 && typeof taken.slug === 'string', `${other.create} on ${child.parentName} ${parentId} answered ${taken.status ?? 'nothing'}; expected 201 with a slug`, { evidence: taken.exchange });
        const explicit = await makeChild(t, child, parentId, t.names.name('kinds-own'), { slug: taken.slug });
        t.verify(explicit.status === 201 && explicit.slug === taken.slug, `${child.create} with slug ${JSON.stringify(taken.slug)}, which only a ${kind} of ${child.parentName} ${parentId} has, answered ${explicit.status ?? 'nothing'} with slug ${JSON.stringify(explicit.slug)}; expected 201 with that slug`, { evidence: explicit.exchange, rules: explicitSlugRules(child.create, child) });
      }
    });
  });
  if (!update || !takesSlug(update)) continue;
  forOperation(update, (test) => {
    test(`takes a slug only a ${others.map((other) => other.create.slice(6).toLowerCase()).join(' or ')} of the ${child.parentName} has: slugs are unique per kind`, { check: child.check, rules: explicitSlugRules(update, child), needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const resources = new Resources(t);
      const parentId = child.parentName === 'page' ? (await resources.page('slug-kinds')).id : (await resources.newsletter('slug-kinds')).id;
      for (const other of others) {
        const kind = other.create.slice(6).toLowerCase();
        const sibling = await makeChild(t, other, parentId, `${t.names.name('kinds')} ${kind}`);
        t.ensure(sibling.status === 201 && typeof sibling.slug === 'string', `${other.create} on ${child.parentName} ${parentId} answered ${sibling.status ?? 'nothing'}; expected 201 with a slug`, { evidence: sibling.exchange });
        const own = await makeChild(t, child, parentId, t.names.name('kinds-own'));
        t.ensure(own.status === 201 && own.id !== undefined, `${child.create} on ${child.parentName} ${parentId} answered ${own.status ?? 'nothing'}; expected 201`, { evidence: own.exchange });
        const moved = await t.call(contract.operation(update), { ids: { [child.parentParameter]: parentId, id: own.id }, body: { slug: sibling.slug } });
        const slug = (moved.json as { slug?: unknown } | undefined)?.slug;
        t.verify(moved.status === 200 && slug === sibling.slug, `${update} to slug ${JSON.stringify(sibling.slug)}, which only a ${kind} of ${child.parentName} ${parentId} has, answered ${moved.status ?? 'nothing'} with slug ${JSON.stringify(slug)}; expected 200 with that slug`, { evidence: moved.exchange });
      }
    });
  });
}
