/**
 * A derived slug is unique in its parent, not in the workspace: a post's in its page
 * (post.slug-unique-in-page), a category's in its page (category.slug-derived), an email's in its
 * newsletter (the Email schema's `slug`, email.created-draft). For every such child, the same title,
 * name or subject in a second parent of the same workspace gets the slug without a suffix, as in the
 * first: a server that counts the slugs of every parent of the workspace answers `-1` there. Each answer
 * is also the new resource under its own parent (resources.answer-as-stored, judged on every 201 of the
 * run by created-answers.ts): a server that reads a new child back by its slug in the workspace answers
 * the first parent's child here.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';
import { CHILDREN } from './slug-children.ts';

const { contract } = suiteContext();

for (const child of CHILDREN) {
  forOperation(child.create, (test) => {
    test(`gives the same ${child.field} in a second ${child.parentName} of the workspace the slug without a suffix: slugs are unique per ${child.parentName}`, { check: child.check, rules: [...child.rules, 'resources.answer-as-stored'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const resources = new Resources(t);
      const parents = child.parentName === 'page' ? [resources.sharedPageId(), (await resources.page('slug-parent')).id] : [resources.sharedNewsletterId(), (await resources.newsletter('slug-parent')).id];
      const text = `${t.names.name('scoped')} Same ${child.field}`;
      const expected = expectedSlug(text);
      for (const [index, parentId] of parents.entries()) {
        const { status, json, exchange } = await t.call(contract.operation(child.create), { ids: { [child.parentParameter]: parentId }, body: { ...child.body, [child.field]: text } });
        t.ensure(status === 201, `${child.create} on ${child.parentName} ${parentId} answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
        const made = json as { id: number; slug?: unknown };
        t.cleanup(`${child.create.slice(6).toLowerCase()} ${made.id} of ${child.parentName} ${parentId}`, async () => void (await t.call(contract.operation(child.remove), { ids: { [child.parentParameter]: parentId, id: made.id } })));
        const where = index === 0 ? `the first ${child.parentName} (${parentId})` : `a second ${child.parentName} (${parentId}) of the workspace, after the same ${child.field} on ${child.parentName} ${parents[0]}`;
        t.verify(made.slug === expected, `${child.field} ${JSON.stringify(text)} on ${where} got slug ${JSON.stringify(made.slug)}; expected ${expected}: a slug is made unique in its ${child.parentName}, not in the workspace`, { evidence: exchange });
      }
    });
  });
}
