/**
 * A unique value given up by an update is free at once, as one given up by a delete is
 * (freed-by-delete.test.ts): the contract refuses a name or slug "already used" (names.unique-any-case,
 * category.slug-taken, page.slug-taken), which a value no resource holds any more is not, and a derived
 * slug is "the derived slug itself when no resource holds it there" (slugs.unique-in-own-field). So, for
 * every update whose body takes a unique field (read from the contract: `slug`, unique in its scope, and
 * `name` where the kind's names are unique: updatePage's name and slug, updateNewsletter's name,
 * updateCategory's slug), two resources are made of one text (a page or newsletter the second with a
 * `!`, its name being unique), so the second's derived slugs carry `-1`; the first is updated to fresh
 * values, and the second then to the first's former values: `200`, each stored as sent, and a
 * `name_slug` that follows the name derived afresh, without the `-1` the second carried
 * (page.rename-keeps-slug, newsletter.rename-moves-name-slug: "name_slug follows the new name").
 *
 * A server that keeps the values resources gave up (for redirects of old URLs) and counts them as taken
 * answers `409`; one that carries a resource's old suffix over to its new slug answers `…-1`; neither
 * shows where the value was freed by a delete or the renamed resource had no suffix.
 *
 * Four requests a case (the creates at once); categories are deleted, pages and newsletters stay.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { validBody } from '../requests.ts';
import { expectedSlug } from '../slugs.ts';
import { operationRuleIds } from './operation-rules.ts';
import { UNIQUELY_NAMED } from './unique-named.ts';

const { contract } = suiteContext();

type Json = Record<string, unknown> & { id: number };

function takes(operation: OperationInfo, field: string): boolean {
  const media = jsonMedia(operation);
  return media !== undefined && field in (constrainedBranch(contract, media.schema)?.properties ?? {});
}

interface Freeing {
  update: OperationInfo;
  create: OperationInfo;
  remove: OperationInfo | undefined;
  /** The unique fields the update takes. */
  fields: ('name' | 'slug')[];
  /** The parent's path parameter, for a child of a page. */
  parent?: string;
  uniqueName: boolean;
}

/** An update of a resource the suite can make (at most under a page), with the unique fields it takes. */
function freeing(update: OperationInfo): Freeing | undefined {
  if (update.method !== 'PATCH' || !update.path.endsWith('/{id}')) return undefined;
  const collection = update.path.slice(0, -'/{id}'.length);
  const create = contract.operations.find((candidate) => candidate.method === 'POST' && candidate.path === collection);
  if (!create || !takes(create, 'name')) return undefined;
  const parent = /^\/pages\/\{(\w+)\}\/\w+$/.exec(collection)?.[1];
  if (create.path.includes('{') && parent === undefined) return undefined;
  const uniqueName = UNIQUELY_NAMED.some(({ rename }) => rename === update.operationId);
  const fields = [...(uniqueName && takes(update, 'name') ? ['name' as const] : []), ...(takes(update, 'slug') ? ['slug' as const] : [])];
  if (fields.length === 0) return undefined;
  const remove = contract.operations.find((candidate) => candidate.method === 'DELETE' && candidate.path === update.path);
  return { update, create, remove, fields, parent, uniqueName };
}

for (const subject of contract.operations.map(freeing).filter((found): found is Freeing => found !== undefined)) {
  const { update, create, remove, fields, parent, uniqueName } = subject;
  const rules = [...new Set(['requests.valid-input-accepted', 'slugs.unique-in-own-field', ...(uniqueName ? ['names.unique-any-case'] : []), ...operationRuleIds(contract, update, /slug|name/), ...operationRuleIds(contract, create, /slug-taken/)])];
  forOperation(update.operationId, (test) => {
    test(`frees at once the ${fields.join(' and ')} another resource gave up by an update: a second one takes it, a derived slug without a suffix`, { check: 'conflict_detection', rules, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const ids = parent ? { [parent]: new Resources(t).sharedPageId() } : {};
      const text = t.names.name('freed');
      const base = expectedSlug(text);
      const texts = [text, uniqueName ? `${text}!` : text];
      const made = await Promise.all(texts.map(async (name) => {
        const { status, json, exchange } = await t.call(create, { ids, body: { ...validBody(t, create, 'minimal'), name } });
        t.ensure(status === 201, `${create.operationId} of ${JSON.stringify(name)} answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
        const resource = json as Json;
        if (remove) t.cleanup(`${remove.operationId} ${resource.id}`, async () => void (await t.call(remove, { ids: { ...ids, id: resource.id } })));
        return resource;
      }));
      // The one that got the slug itself gives it up; the other carries -1 (they were made at once).
      const slugOf = (resource: Json) => ('slug' in resource ? resource.slug : resource.name_slug);
      const holder = made.find((resource) => slugOf(resource) === base) ?? made[0]!;
      const other = made.find((resource) => resource !== holder)!;
      t.ensure(slugOf(other) === `${base}-1`, `two ${create.operationId} of one slug answered slugs ${made.map((resource) => JSON.stringify(slugOf(resource))).join(' and ')}; expected ${base} and ${base}-1`);

      const fresh = t.names.name('freed away');
      const away = await t.call(update, { ids: { ...ids, id: holder.id }, body: Object.fromEntries(fields.map((field) => [field, field === 'slug' ? expectedSlug(fresh) : fresh])) });
      t.ensure(away.status === 200, `${update.operationId} of ${holder.id} to fresh ${fields.join(' and ')} answered ${away.status ?? 'nothing'}; expected 200`, { evidence: away.exchange });

      const given = Object.fromEntries(fields.map((field) => [field, holder[field]]));
      const taken = await t.call(update, { ids: { ...ids, id: other.id }, body: given });
      t.verify(taken.status === 200, `${update.operationId} of ${other.id} to ${JSON.stringify(given)}, which ${holder.id} gave up by an update, answered ${taken.status ?? 'nothing'}; expected 200: no resource uses it any more`, { evidence: taken.exchange });
      if (taken.status !== 200) return;
      const answer = taken.json as Json;
      for (const field of fields) {
        t.verify(answer[field] === given[field], `${update.operationId} of ${other.id} to the ${field} ${JSON.stringify(given[field])} ${holder.id} gave up answered ${field} ${JSON.stringify(answer[field])}; expected it as sent`, { evidence: taken.exchange });
      }
      if (fields.includes('name') && 'name_slug' in answer) {
        t.verify(answer.name_slug === holder.name_slug, `${update.operationId} of ${other.id} (name_slug ${JSON.stringify(other.name_slug)}) to the name ${JSON.stringify(given.name)} ${holder.id} gave up answered name_slug ${JSON.stringify(answer.name_slug)}; expected ${JSON.stringify(holder.name_slug)}: name_slug follows the new name, derived afresh, and no resource holds it`, { evidence: taken.exchange, rules: ['slugs.unique-in-own-field'] });
      }
    });
  });
}
