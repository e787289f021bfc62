/**
 * Newsletters (supporting operations): a created newsletter is readable at once and listed, its
 * name_slug comes from its name, and a name already used in the workspace is a 409.
 */
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { expectedSlug, SLUG_SAMPLE } from '../slugs.ts';
import { verifyConflictType } from '../conflicts.ts';

/** Creates a newsletter with the given token: the answer's status and its exchange, for evidence. */
async function createAs(t: Kit, token: string, name: string) {
  const { status, exchange } = await t.call(t.contract.operation('createNewsletter'), { ids: {}, body: { name }, authorization: `Bearer ${token}` });
  return { status, exchange };
}

forOperation('createNewsletter', (test) => {
  test('makes the created newsletter readable at once, by getNewsletter and in listNewsletters', { check: 'ensure_resource_availability', rules: ['resources.readable-after-create'], needs: ['state'] }, async (t: Kit) => {
    const newsletter = await new Resources(t).newsletter();
    const read = await t.api.GET('/newsletters/{id}', { params: { path: { id: newsletter.id } } });
    t.verify(JSON.stringify(read.data) === JSON.stringify(newsletter), `getNewsletter answered ${read.response.status} ${JSON.stringify(read.data)}`, { evidence: read.response });
    const listed = await t.api.GET('/newsletters', { params: { query: { size: 100 } } });
    t.verify(listed.data?.result.some((item) => item.id === newsletter.id) === true, `newsletter ${newsletter.id} is not on the first page of listNewsletters`, { evidence: listed.response });
  });

  test('derives name_slug from the name', { check: 'crud_agreement', rules: ['newsletter.name-slug-derived'], needs: ['input_reflection'] }, async (t: Kit) => {
    const name = `${t.names.name('Ltr')} ${SLUG_SAMPLE}`;
    const nameSlug = expectedSlug(name, { removeSlash: true });
    const { data, response } = await t.api.POST('/newsletters', { body: { name } });
    t.verify(data?.name_slug === nameSlug, `name_slug is ${data?.name_slug}; expected ${nameSlug}`, { evidence: response });
  });

  test('refuses a name already used in the workspace, in other letter case, with 409', { check: 'conflict_detection', rules: ['names.unique-any-case'], needs: ['state'] }, async (t: Kit) => {
    const taken = await new Resources(t).newsletter('Taken');
    const { response } = await t.api.POST('/newsletters', { body: { name: taken.name.toUpperCase() } });
    t.verify(response.status === 409, `answered ${response.status}; expected 409`, { evidence: response });
    verifyConflictType(t, response, 'name-taken', 'a newsletter name already used');
  });

  test("accepts a name another workspace uses, in either order: names are unique per workspace", { check: 'workspace_isolation', rules: ['names.unique-any-case', 'auth.workspace-scope'], needs: ['state', 'token_validation'] }, async (t: Kit) => {
    if (!t.options.token2) return t.notApplicable('needs --token2, a token of a second workspace');
    const workspaces = [
      { who: 'the first workspace', token: t.options.token },
      { who: 'the second workspace', token: t.options.token2 },
    ];
    // Each workspace first in turn: a check that looks at every workspace refuses the later one either way.
    for (const [first, second] of [workspaces, [...workspaces].reverse()]) {
      const name = t.names.name('Shared');
      const made = await createAs(t, first!.token, name);
      t.ensure(made.status === 201, `${first!.who}'s createNewsletter ${JSON.stringify(name)} answered ${made.status ?? 'nothing'}; expected 201`, { evidence: made.exchange });
      const again = await createAs(t, second!.token, name.toUpperCase());
      t.verify(again.status === 201, `${second!.who}'s createNewsletter of ${JSON.stringify(name.toUpperCase())}, a name only ${first!.who} uses, answered ${again.status ?? 'nothing'}; expected 201`, { evidence: again.exchange });
    }
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
