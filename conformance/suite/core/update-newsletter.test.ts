/**
 * updateNewsletter (core): `{}` changes nothing and answers 200 with the newsletter as it is; a new name
 * is kept and name_slug follows it; `name: null` is a 422; a name used by another newsletter of the
 * workspace, in any letter case, is a 409 that leaves the newsletter as it was.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { expectedSlug, SLUG_SAMPLE } from '../slugs.ts';
import { verifyConflictType } from '../conflicts.ts';

async function update(t: Kit, id: number, body: { name?: string }) {
  return t.api.PATCH('/newsletters/{id}', { params: { path: { id } }, body });
}

forOperation('updateNewsletter', (test) => {
  test('answers {} with 200', { check: 'newsletter_update', rules: ['newsletter.empty-update-unchanged'] }, async (t: Kit) => {
    const { response } = await update(t, new Resources(t).sharedNewsletterId(), {});
    t.verify(response.status === 200, `answered ${response.status}; expected 200`, { evidence: response });
  });

  test('changes nothing for {}', { check: 'newsletter_update', rules: ['newsletter.empty-update-unchanged', 'resources.empty-update-unchanged'], needs: ['state'] }, async (t: Kit) => {
    const newsletter = await new Resources(t).newsletter('unchanged');
    const { data, response } = await update(t, newsletter.id, {});
    t.ensure(data !== undefined, `answered ${response.status}; expected 200`, { evidence: response });
    t.verify(JSON.stringify(data) === JSON.stringify(newsletter), `{} changed the newsletter: ${JSON.stringify(newsletter)} became ${JSON.stringify(data)}`, { evidence: response });
  });

  test('renames the newsletter, and name_slug follows the name', { check: 'newsletter_update', rules: ['newsletter.rename-moves-name-slug'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const newsletter = await new Resources(t).newsletter('before');
    const name = `${t.names.name('Aft')} ${SLUG_SAMPLE}`;
    const nameSlug = expectedSlug(name, { removeSlash: true });
    const { data, response } = await update(t, newsletter.id, { name });
    t.ensure(data !== undefined, `answered ${response.status}; expected 200`, { evidence: response });
    t.verify(data.name === name, `name is ${JSON.stringify(data.name)}; expected ${JSON.stringify(name)}`, { evidence: response });
    t.verify(data.name_slug === nameSlug, `name_slug is ${data.name_slug}; expected ${nameSlug}`, { evidence: response });
    const readBack = await t.api.GET('/newsletters/{id}', { params: { path: { id: newsletter.id } } });
    t.verify(readBack.data?.name === name, `getNewsletter shows ${JSON.stringify(readBack.data?.name)} after the rename`, { evidence: readBack.response });
  });

  test('refuses name null with 422', { check: 'newsletter_update', rules: ['newsletter.rename-moves-name-slug'] }, async (t: Kit) => {
    const id = new Resources(t).sharedNewsletterId();
    const { status } = await t.raw({ method: 'PATCH', path: `/newsletters/${id}`, body: '{"name":null}', contentType: 'application/json' });
    t.verify(status === 422, `answered ${status ?? 'nothing'}; expected 422`);
  });

  test('refuses a name used by another newsletter, in other letter case, with 409 and keeps its own', { check: 'newsletter_update', rules: ['names.unique-any-case', 'resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const taken = await resources.newsletter('Taken');
    const newsletter = await resources.newsletter('renamed');
    const { response } = await update(t, newsletter.id, { name: taken.name.toUpperCase() });
    t.verify(response.status === 409, `renaming to ${taken.name.toUpperCase()} answered ${response.status}; expected 409`, { evidence: response });
    verifyConflictType(t, response, 'name-taken', `renaming to ${taken.name.toUpperCase()}`);
    const readBack = await t.api.GET('/newsletters/{id}', { params: { path: { id: newsletter.id } } });
    t.verify(readBack.data?.name === newsletter.name, `after the refused rename the name is ${JSON.stringify(readBack.data?.name)}`, {
      check: 'failed_write_leaves_nothing',
      evidence: readBack.response,
    });
  });
});
