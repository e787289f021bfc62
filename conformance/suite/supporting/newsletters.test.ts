/**
 * Newsletters (supporting operations): a created newsletter is readable at once and listed, its
 * name_slug comes from its name, and a name already used in the workspace is a 409.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';

forOperation('createNewsletter', (test) => {
  test('makes the created newsletter readable at once, by getNewsletter and in listNewsletters', { check: 'ensure_resource_availability', rules: ['resources.readable-after-create'], needs: ['state'] }, async (t: Kit) => {
    const newsletter = await new Resources(t).newsletter();
    const read = await t.api.GET('/newsletters/{id}', { params: { path: { id: newsletter.id } } });
    t.verify(JSON.stringify(read.data) === JSON.stringify(newsletter), `getNewsletter answered ${read.response.status} ${JSON.stringify(read.data)}`, { evidence: read.response });
    const listed = await t.api.GET('/newsletters', { params: { query: { size: 100 } } });
    t.verify(listed.data?.result.some((item) => item.id === newsletter.id) === true, `newsletter ${newsletter.id} is not on the first page of listNewsletters`, { evidence: listed.response });
  });

  test('derives name_slug from the name', { check: 'crud_agreement', rules: ['newsletter.name-slug-derived'], needs: ['input_reflection'] }, async (t: Kit) => {
    const name = `${t.names.name('Letter')} Été`;
    const { data, response } = await t.api.POST('/newsletters', { body: { name } });
    t.verify(data?.name_slug === expectedSlug(name), `name_slug is ${data?.name_slug}; expected ${expectedSlug(name)}`, { evidence: response });
  });

  test('refuses a name already used in the workspace, in other letter case, with 409', { check: 'conflict_detection', rules: ['names.unique-any-case'], needs: ['state'] }, async (t: Kit) => {
    const taken = await new Resources(t).newsletter('Taken');
    const { response } = await t.api.POST('/newsletters', { body: { name: taken.name.toUpperCase() } });
    t.verify(response.status === 409, `answered ${response.status}; expected 409`, { evidence: response });
  });
});

forOperation('getNewsletter', (test) => {
  test('answers a newsletter as listNewsletters shows it', { check: 'crud_agreement', rules: ['resources.update-kept'], needs: ['state'] }, async (t: Kit) => {
    const newsletter = await new Resources(t).newsletter();
    const listed = await t.api.GET('/newsletters', { params: { query: { size: 100 } } });
    const item = listed.data?.result.find((candidate) => candidate.id === newsletter.id);
    const read = await t.api.GET('/newsletters/{id}', { params: { path: { id: newsletter.id } } });
    t.verify(item !== undefined && JSON.stringify(item) === JSON.stringify(read.data), `listNewsletters shows ${JSON.stringify(item)}, getNewsletter ${JSON.stringify(read.data)}`, { evidence: read.response });
  });
});
