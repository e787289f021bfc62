/**
 * The contract's Slugs: a slug is derived from a name, title or subject, and where a derived slug must be
 * unique and is taken, `-1`, `-2`, ... is appended. A text with no letter or digit (emoji alone,
 * punctuation alone) derives no slug, so the resource gets its kind's fallback (an email's is `email`,
 * the Email schema's `slug`); that fallback is a derived slug like any other. For every operation that
 * derives a slug (posts, categories, emails in a fresh parent; pages and newsletters in the workspace),
 * three resources of letterless texts in one scope are all created: under a fresh parent the first gets
 * the fallback, the second the fallback with `-1`, the third with `-2`. Pages and newsletters share the
 * workspace with the rest of the run, which may hold fallback slugs already, so there the three get the
 * fallback or the fallback with a suffix, each its own. A rename of a page or newsletter to a letterless
 * name moves `name_slug` the same way. A server that takes the fallback for an explicit slug answers the
 * second `409`; one that keeps no count answers two resources one slug.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';
import type { CheckName } from '../../checks/catalog.ts';
import { CHILDREN } from './slug-children.ts';
import { UNIQUELY_NAMED } from './unique-named.ts';

const { contract } = suiteContext();

type Json = Record<string, unknown> & { id: number };

const EMOJI = ['🎉', '🚀', '🌟', '🍀', '🎈', '🔥', '🌈', '💡', '🐙', '🍩'];
const MARKS = [...'!?.,;:*+=~^()[]{}<>|'];

/**
 * Three texts that derive no slug: emoji only, punctuation only, both. Drawn from the seed and the run
 * id, as page and newsletter names are unique in a workspace and a run's names may not repeat another's.
 */
function letterlessTexts(t: Kit): string[] {
  const random = t.random.fork(t.context.options.runId);
  const draw = (from: string[], length: number) => Array.from({ length }, () => from[random.int(0, from.length - 1)]).join('');
  const texts = [draw(EMOJI, 12), draw(MARKS, 16), `${draw(EMOJI, 6)} ${draw(MARKS, 6)}`];
  for (const text of texts) if (expectedSlug(text) !== '') throw new Error(`${JSON.stringify(text)} derives a slug`);
  return texts;
}

/** Whether `slug` is `base` itself or `base` with a numbered suffix. */
function fallbackOrSuffixed(slug: unknown, bases: string[]): boolean {
  return typeof slug === 'string' && bases.some((base) => slug === base || new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}-[1-9][0-9]*$`).test(slug));
}

// Children: in a fresh parent, exactly the fallback, then -1, then -2.
const FALLBACK: Record<string, string> = { createEmail: 'email' };

for (const child of CHILDREN) {
  forOperation(child.create, (test) => {
    test(`creates three children of ${child.field}s with no letter or digit in a fresh ${child.parentName}: the fallback slug, then -1, then -2`, { check: child.check, rules: [...child.rules, 'requests.valid-input-accepted'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const resources = new Resources(t);
      const parentId = (child.parentName === 'page' ? await resources.page('letterless') : await resources.newsletter('letterless')).id;
      const slugs: unknown[] = [];
      for (const text of letterlessTexts(t)) {
        const { status, json, exchange } = await t.call(contract.operation(child.create), { ids: { [child.parentParameter]: parentId }, body: { ...child.body, [child.field]: text } });
        t.ensure(status === 201, `${child.create} with ${child.field} ${JSON.stringify(text)} (no letter or digit) under ${child.parentName} ${parentId}, after ${slugs.length} such, answered ${status ?? 'nothing'}; expected 201 with the fallback slug${slugs.length ? ` and a -${slugs.length} suffix` : ''}`, { evidence: exchange });
        const made = json as Json;
        t.cleanup(`${child.create} ${made.id} of ${child.parentName} ${parentId}`, async () => void (await t.call(contract.operation(child.remove), { ids: { [child.parentParameter]: parentId, id: made.id } })));
        const fallback = FALLBACK[child.create] ?? slugs[0];
        if (slugs.length === 0) {
          t.verify(typeof made.slug === 'string' && made.slug !== '' && (fallback === undefined || made.slug === fallback), `the first ${child.field} with no letter or digit in a fresh ${child.parentName} got slug ${JSON.stringify(made.slug)}; expected ${fallback === undefined ? 'a fallback slug' : JSON.stringify(fallback)}`, { evidence: exchange });
        } else {
          const expected = `${String(fallback)}-${slugs.length}`;
          t.verify(made.slug === expected, `${child.field} ${JSON.stringify(text)} (no letter or digit), the ${slugs.length + 1}th such in ${child.parentName} ${parentId}, got slug ${JSON.stringify(made.slug)}; expected ${expected}: the fallback made unique with a suffix`, { evidence: exchange });
        }
        slugs.push(made.slug);
      }
    });
  });
}

// Pages and newsletters: named uniquely in a workspace the run shares, so any suffix, but each its own.
const WORKSPACE_SLUGS: Record<string, { slugs: string[]; check: CheckName; rules: string[] }> = {
  createPage: { slugs: ['slug', 'name_slug'], check: 'page_creation', rules: ['page.slug-from-name', 'requests.valid-input-accepted'] },
  createNewsletter: { slugs: ['name_slug'], check: 'crud_agreement', rules: ['newsletter.name-slug-derived', 'requests.valid-input-accepted'] },
};

/** Each slug field of `answers` is the first one's base or the first itself, with or without a suffix, and no two alike. */
function verifyOwnFallbacks(t: Kit, what: string, answers: Json[], fields: string[]): void {
  for (const field of fields) {
    const first = answers[0]?.[field];
    const bases = typeof first === 'string' ? [first, first.replace(/-[1-9][0-9]*$/, '')] : [];
    const values = answers.map((answer) => answer[field]);
    t.verify(values.every((value) => fallbackOrSuffixed(value, bases)), `${what}: ${field}s ${JSON.stringify(values)}; expected one fallback slug, each with or without a -1, -2 suffix`);
    t.verify(new Set(values).size === values.length, `${what}: ${field}s ${JSON.stringify(values)}; a derived ${field} is made unique in the workspace with a suffix, so no two are alike`);
  }
}

/** The rule by which name_slug follows a rename: a newsletter's own; a page's is its update's schema (PageUpdate's `name`). */
const RENAME_RULES: Record<string, string[]> = {
  updatePage: ['requests.valid-input-accepted'],
  updateNewsletter: ['newsletter.rename-moves-name-slug', 'requests.valid-input-accepted'],
};

for (const { create, rename } of UNIQUELY_NAMED) {
  const subject = WORKSPACE_SLUGS[create];
  const renameRules = RENAME_RULES[rename];
  if (!subject || !renameRules) continue;
  forOperation(create, (test) => {
    test('creates three of names with no letter or digit, each with the fallback slug or the fallback with a suffix, no two alike', { check: subject.check, rules: subject.rules, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const answers: Json[] = [];
      for (const name of letterlessTexts(t)) {
        const { status, json, exchange } = await t.call(contract.operation(create), { ids: {}, body: { name } });
        t.ensure(status === 201, `${create} with name ${JSON.stringify(name)} (no letter or digit), after ${answers.length} such, answered ${status ?? 'nothing'}; expected 201 with the fallback slug${answers.length ? ' and a suffix' : ''}`, { evidence: exchange });
        answers.push(json as Json);
      }
      verifyOwnFallbacks(t, `three ${create}s of names with no letter or digit`, answers, subject.slugs);
    });
  });
  forOperation(rename, (test) => {
    test('moves name_slug to the fallback with a suffix on renames to names with no letter or digit, no two alike', { check: 'crud_agreement', rules: renameRules, needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const answers: Json[] = [];
      for (const name of letterlessTexts(t)) {
        const made = await t.call(contract.operation(create), { ids: {}, body: { name: t.names.name('letterless-rename') } });
        t.ensure(made.status === 201, `${create} answered ${made.status ?? 'nothing'}; expected 201`, { evidence: made.exchange });
        const { status, json, exchange } = await t.call(contract.operation(rename), { ids: { id: (made.json as Json).id }, body: { name } });
        t.ensure(status === 200, `${rename} to name ${JSON.stringify(name)} (no letter or digit), after ${answers.length} such, answered ${status ?? 'nothing'}; expected 200 with name_slug the fallback${answers.length ? ' and a suffix' : ''}`, { evidence: exchange });
        answers.push(json as Json);
      }
      verifyOwnFallbacks(t, `three ${create}s renamed to names with no letter or digit`, answers, ['name_slug']);
    });
  });
}
