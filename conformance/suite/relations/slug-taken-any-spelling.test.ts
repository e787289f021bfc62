/**
 * An explicit slug is normalised before it is judged taken (the introduction's Slugs: "normalised from
 * an explicit `slug`"; page.slug-taken, category.slug-taken): for every create and update that takes a
 * `slug` and declares `409`, a slug spelled otherwise than one another resource of the same scope holds
 * (`CONFORMANCE-…-SLUG` for `conformance-…-slug`) is refused with a `409` of type slug-taken, and an
 * update of it leaves the resource's slug as it was. The slug tests send a taken slug as it is stored;
 * a server that looks the slug up as sent, and meets the taken one only when it writes the normalised
 * form, answers those right and this with a 500 or a second holder.
 *
 * The slug is held twice: explicitly by one resource, derived from its name by another; both are taken
 * alike ("An explicit slug already used", explicit or derived), so a server that looks an explicit slug
 * up among the explicit ones alone shows. (A derived slug meeting an explicit one is derived-slug-sets'.)
 *
 * And on update, its holder sending it so spelled is accepted with `200` and the slug as it was: a
 * resource's own value, in any spelling that normalises to it, is no conflict with itself.
 *
 * And the other way: a slug another resource gave up by an update (a new explicit slug) is free, and an
 * explicit create of it is accepted.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { jsonMedia } from '../../cases/json-media.ts';
import { suiteContext } from '../context.ts';
import { verifyConflictType } from '../conflicts.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import type { PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';
import { operationRuleIds } from './operation-rules.ts';

const { contract } = suiteContext();

interface Kind {
  create: string;
  update: string;
  read: string;
  /** The ids of a scope of the test's own, in which slugs are unique. */
  scope: (t: Kit) => Promise<PathIds>;
  /** A resource of the kind in that scope, holding `slug` when given. */
  make: (t: Kit, scope: PathIds, slug?: string) => Promise<{ id: number; slug: string }>;
}

const KINDS: Kind[] = [
  {
    create: 'createPage',
    update: 'updatePage',
    read: 'getPage',
    // Page slugs are unique in the workspace.
    scope: async () => ({}),
    make: async (t: Kit, _scope: PathIds, slug?: string) => {
      const made = await t.api.POST('/pages', { body: { name: t.names.name('slug-spelling'), ...(slug ? { slug } : {}) } });
      t.ensure(made.response.status === 201 && made.data !== undefined, `createPage answered ${made.response.status}; expected 201`, { evidence: made.response });
      return made.data!;
    },
  },
  {
    create: 'createCategory',
    update: 'updateCategory',
    read: 'getCategory',
    scope: async (t) => ({ page_id: (await new Resources(t).page('slug-spelling')).id }),
    make: async (t, scope, slug) => new Resources(t).category(scope.page_id!, slug ? { slug } : {}),
  },
];

const takesSlug = (operation: OperationInfo) => {
  const media = jsonMedia(operation);
  return media !== undefined && 'slug' in (contract.resolve(media.schema, media.schemaPointer).node.properties ?? {}) && operation.responses.some((response) => response.status === '409');
};

for (const kind of KINDS) {
  const rules = operationRuleIds(contract, contract.operation(kind.create), /slug-taken/);
  if (takesSlug(contract.operation(kind.create)) && takesSlug(contract.operation(kind.update))) {
    // A slug is taken by a resource that holds it now: one given up by an update is free again, as one a
    // delete frees is (freed-by-delete.test.ts). Pages cannot be deleted, so only this frees a page's slug.
    forOperation(kind.create, (test) => {
      test('accepts an explicit slug another resource gave up by an update, with 201', { check: 'conflict_detection', rules: [...rules, 'requests.valid-input-accepted'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
        const scope = await kind.scope(t);
        const slug = expectedSlug(t.names.name('Given Up'), { removeSlash: true });
        const holder = await kind.make(t, scope, slug);
        const moved = await t.call(contract.operation(kind.update), { ids: { ...scope, id: holder.id }, body: { slug: `${slug}-moved` } });
        t.ensure(moved.status === 200, `${kind.update} of ${holder.id} to slug ${slug}-moved answered ${moved.status ?? 'nothing'}; expected 200`, { evidence: moved.exchange });
        const again = await t.call(contract.operation(kind.create), { ids: scope, body: { name: t.names.name('slug-given-up'), slug } });
        const what = `${kind.create} with slug ${JSON.stringify(slug)}, which ${holder.id} gave up by ${kind.update}`;
        t.verify(again.status === 201, `${what} answered ${again.status ?? 'nothing'}; expected 201: no resource holds it now`, { evidence: again.exchange });
        const stored = (again.json as { slug?: unknown } | undefined)?.slug;
        if (again.status === 201) t.verify(stored === slug, `${what} stored slug ${JSON.stringify(stored)}; expected it as sent`, { evidence: again.exchange });
      });
    });
  }
  for (const operationId of [kind.create, kind.update].filter((id) => takesSlug(contract.operation(id)))) {
    const operation = contract.operation(operationId);
    // The rules an update's holder sending its own slug respelled is judged under.
    const ownRules = operation.method === 'PATCH' ? ['resources.rewrite-accepted', ...operationRuleIds(contract, operation, /rename-keeps-slug/)] : [];
    forOperation(operationId, (test) => {
      test('refuses a taken slug spelled otherwise (upper case, spaces for hyphens), held explicitly or derived, with 409, as it is normalised first', { check: 'conflict_detection', rules: [...rules, ...ownRules], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
        const scope = await kind.scope(t);
        const taken = expectedSlug(t.names.name('Slug Spelling'), { removeSlash: true });
        // The slug is held explicitly by one resource, and derived from its name by another: category.slug-taken
        // and page.slug-taken ("An explicit slug already used in the page/workspace") make no difference
        // between the two, and a server that looks an explicit slug up among explicit slugs alone meets
        // the derived one only at its unique key (a 500). The subjects of an update, one per holder, are made at once with them.
        const updating = operation.method === 'PATCH';
        const [holder, derivedHolder, ...subjects] = await Promise.all([kind.make(t, scope, taken), kind.make(t, scope), ...(updating ? [kind.make(t, scope), kind.make(t, scope)] : [])]);
        t.ensure(holder!.slug === taken, `${kind.create} with slug ${JSON.stringify(taken)} stored ${JSON.stringify(holder!.slug)}; expected it as sent`);
        const spell = (slug: string) => {
          const spelled = slug.toUpperCase().replaceAll('-', ' ');
          if (expectedSlug(spelled, { removeSlash: true }) !== slug) throw new Error(`${JSON.stringify(spelled)} does not normalise to ${slug}; this is a fault of the suite`);
          return spelled;
        };
        const takers = [
          { held: holder!, how: 'explicitly', subject: subjects[0] },
          { held: derivedHolder!, how: 'derived from its name', subject: subjects[1] },
        ].map((taker) => {
          const spelled = spell(taker.held.slug);
          const ids = taker.subject ? { ...scope, id: taker.subject.id } : scope;
          const body = updating ? { slug: spelled } : { name: t.names.name('slug-spelling'), slug: spelled };
          return { ...taker, spelled, ids, body };
        });
        const spelled = takers[0]!.spelled;
        // And the holder sends its own slug so spelled, at once: normalised, it is the slug it holds, never
        // a conflict with itself (resources.rewrite-accepted: "a name or slug is never taken by the
        // resource that holds it"; page.rename-keeps-slug: "a new explicit slug is normalised as on
        // creation"). A server that compares the slug as sent with the stored one, and normalises after,
        // finds the holder itself among the takers.
        const [own, ...answers] = await Promise.all([
          updating ? t.call(operation, { ids: { ...scope, id: holder!.id }, body: { slug: spelled } }) : undefined,
          ...takers.map((taker) => t.call(operation, { ids: taker.ids, body: taker.body })),
        ]);
        if (own) {
          const ownSlug = (own.json as { slug?: unknown } | undefined)?.slug;
          const ownWhat = `${operationId} of ${holder!.id} with its own slug ${taken} spelled ${JSON.stringify(spelled)}`;
          t.verify(own.status === 200, `${ownWhat} answered ${own.status ?? 'nothing'}; expected 200: the slug it normalises to is its own`, { evidence: own.exchange, rules: ownRules });
          if (own.status === 200) t.verify(ownSlug === taken, `${ownWhat} answered slug ${JSON.stringify(ownSlug)}; expected ${taken}, normalised`, { evidence: own.exchange, rules: ownRules });
        }
        for (const [index, taker] of takers.entries()) {
          const answer = answers[index]!;
          const what = `${operationId} with slug ${JSON.stringify(taker.spelled)}, which normalises to ${taker.held.slug} (held ${taker.how} by ${taker.held.id})`;
          t.verify(answer.status === 409, `${what} answered ${answer.status ?? 'nothing'}; expected 409`, { evidence: answer.exchange });
          verifyConflictType(t, answer.exchange, 'slug-taken', what);
          if (taker.subject) {
            const read = await t.call(contract.operation(kind.read), { ids: taker.ids });
            const slug = (read.json as { slug?: unknown } | undefined)?.slug;
            t.verify(read.status === 200 && slug === taker.subject.slug, `after the refused ${what}, ${kind.read} shows slug ${JSON.stringify(slug)} (answered ${read.status ?? 'nothing'}); expected ${taker.subject.slug}, unchanged`, { evidence: read.exchange, rules: ['resources.refused-write-changes-nothing'] });
          }
        }
      });
    });
  }
}
