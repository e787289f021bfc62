/**
 * Emails (supporting operations): an email is created as a draft, its Markdown rendered and its slug
 * taken from the subject; create, get, update and delete agree; only a draft can be changed or deleted.
 */
import type { Email } from '../../../generated/openapi.d.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { reuseHint } from '../id-reuse.ts';
import { MISSING_ID } from '../requests.ts';
import { Resources } from '../resources.ts';
import { expectedSlug, SLUG_SAMPLE } from '../slugs.ts';
import { verifyConflictType } from '../conflicts.ts';

/** An email scheduled for next month: no longer a draft, and never delivered during the run. */
async function scheduledEmail(t: Kit): Promise<Email> {
  const email = await new Resources(t).sendableEmail();
  const { data, response } = await t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', {
    params: { path: { newsletter_id: email.newsletter_id, id: email.id } },
    body: { scheduled_at: new Date(Date.now() + 30 * 86_400_000).toISOString() },
  });
  if (data?.status !== 'scheduled') return t.notApplicable(`needs a scheduled email, but sendEmail answered ${response.status}`);
  return data;
}

forOperation('createEmail', (test) => {
  test('creates a draft with the Markdown rendered and a slug from the subject, readable at once', { check: 'ensure_resource_availability', rules: ['email.created-draft', 'resources.readable-after-create'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const newsletterId = new Resources(t).sharedNewsletterId();
    const subject = `${t.names.name('Iss')} ${SLUG_SAMPLE}`;
    const email = await new Resources(t).email(newsletterId, { subject, content_md: 'Shipped **faster lists**.' });
    t.verify(email.status === 'draft', `status is ${email.status}; an email is created as a draft`, { check: 'crud_agreement' });
    t.verify((email.content_html ?? '').includes('<strong>faster lists</strong>'), `content_html is ${JSON.stringify(email.content_html)}; expected the Markdown rendered`, { check: 'crud_agreement' });
    t.verify(email.slug === expectedSlug(subject, { removeSlash: true }), `slug is ${email.slug}; expected ${expectedSlug(subject, { removeSlash: true })}`, { check: 'crud_agreement' });
    const read = await t.api.GET('/newsletters/{newsletter_id}/emails/{id}', { params: { path: { newsletter_id: newsletterId, id: email.id } } });
    t.verify(JSON.stringify(read.data) === JSON.stringify(email), `getEmail answered ${read.response.status} ${JSON.stringify(read.data)}`, { evidence: read.response });
  });

  test('refuses an author_id that names no author of the workspace with 422 naming author_id, creating nothing', { check: 'negative_data_rejection', rules: ['resources.author-of-workspace', 'resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
    const newsletterId = new Resources(t).sharedNewsletterId();
    const subject = t.names.name('no-author');
    const { response, error } = await t.api.POST('/newsletters/{newsletter_id}/emails', { params: { path: { newsletter_id: newsletterId } }, body: { subject, author_id: MISSING_ID } });
    const named = (error as { errors?: { field?: unknown }[] } | undefined)?.errors?.some((item) => item.field === 'author_id') === true;
    t.verify(response.status === 422 && named, `author_id ${MISSING_ID} answered ${response.status}${response.status === 422 ? ' without naming author_id in errors' : ''}; expected 422 naming author_id`, { evidence: response });
    const listed = await t.api.GET('/newsletters/{newsletter_id}/emails', { params: { path: { newsletter_id: newsletterId }, query: { size: 100 } } });
    const created = listed.data?.result.filter((email) => email.subject === subject) ?? [];
    t.verify(created.length === 0, `the refused email is listed (${created.map((email) => email.id).join(', ')})`, { check: 'failed_write_leaves_nothing', evidence: listed.response });
  });
});

forOperation('updateEmail', (test) => {
  test('keeps a change to a draft, clears a field set to null, leaves the fields it does not name, and getEmail agrees', { check: 'crud_agreement', rules: ['resources.update-kept', 'resources.patch-named-fields-only'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
    const newsletterId = new Resources(t).sharedNewsletterId();
    const email = await new Resources(t).email(newsletterId, { preview: 'Before.', content_html: '<p>Kept as it is.</p>' });
    const path = { newsletter_id: newsletterId, id: email.id };
    const subject = t.names.name('changed');
    const { data, response } = await t.api.PATCH('/newsletters/{newsletter_id}/emails/{id}', { params: { path }, body: { subject, preview: null } });
    t.ensure(data !== undefined, `answered ${response.status}`, { evidence: response });
    t.verify(data.subject === subject && data.preview === null, `subject ${data.subject}, preview ${JSON.stringify(data.preview)}; expected ${subject} and null`, { evidence: response });
    // What the PATCH did not name keeps its value, the slug included (EmailUpdate: "the slug does not change with it").
    const named = new Set(['subject', 'preview', 'updated_at']);
    const moved = Object.keys(email).filter((field) => !named.has(field) && JSON.stringify(email[field as keyof Email]) !== JSON.stringify(data[field as keyof Email]));
    t.verify(moved.length === 0, `the update named subject and preview, but also changed ${moved.map((field) => `${field} (${JSON.stringify(email[field as keyof Email])} to ${JSON.stringify(data[field as keyof Email])})`).join(', ')}`, { evidence: response });
    const read = await t.api.GET('/newsletters/{newsletter_id}/emails/{id}', { params: { path } });
    t.verify(JSON.stringify(read.data) === JSON.stringify(data), `getEmail shows ${JSON.stringify(read.data)} after the update`, { evidence: read.response });
  });

  test('refuses to change an email that is not a draft with 409, leaving it as it was', { check: 'conflict_detection', rules: ['email.only-draft-changes', 'resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
    const email = await scheduledEmail(t);
    const path = { newsletter_id: email.newsletter_id, id: email.id };
    const { response } = await t.api.PATCH('/newsletters/{newsletter_id}/emails/{id}', { params: { path }, body: { subject: t.names.name('too-late') } });
    t.verify(response.status === 409, `changing a scheduled email answered ${response.status}; expected 409`, { evidence: response });
    verifyConflictType(t, response, 'email-not-draft', 'changing a scheduled email');
    const read = await t.api.GET('/newsletters/{newsletter_id}/emails/{id}', { params: { path } });
    t.verify(read.data?.subject === email.subject, `the refused change landed: subject is ${read.data?.subject}`, { check: 'failed_write_leaves_nothing', evidence: read.response });
  });
});

forOperation('deleteEmail', (test) => {
  test('deletes a draft for good: reading or deleting again is 404, even after a new email, and it is no longer listed', { check: 'use_after_free', rules: ['resources.gone-after-delete'], needs: ['state'] }, async (t: Kit) => {
    const resources = new Resources(t);
    const newsletterId = resources.sharedNewsletterId();
    const email = await resources.email(newsletterId);
    const path = { newsletter_id: newsletterId, id: email.id };
    const deleted = await t.api.DELETE('/newsletters/{newsletter_id}/emails/{id}', { params: { path } });
    t.ensure(deleted.response.status === 204, `answered ${deleted.response.status}; expected 204`, { evidence: deleted.response });
    // A new email must not take the deleted one's id, or the old URL would name another email.
    const successor = await resources.email(newsletterId);
    const read = await t.api.GET('/newsletters/{newsletter_id}/emails/{id}', { params: { path } });
    t.verify(read.response.status === 404, `getEmail of the deleted email answered ${read.response.status}${reuseHint('email', email.id, successor.id, read.response.status)}`, { evidence: read.response });
    const again = await t.api.DELETE('/newsletters/{newsletter_id}/emails/{id}', { params: { path } });
    t.verify(again.response.status === 404, `a second delete answered ${again.response.status}${reuseHint('email', email.id, successor.id, again.response.status)}`, { evidence: again.response });
    const listed = await t.api.GET('/newsletters/{newsletter_id}/emails', { params: { path: { newsletter_id: newsletterId }, query: { size: 100 } } });
    t.verify(listed.data?.result.some((item) => item.id === email.id) === false, `email ${email.id} is still listed`, { evidence: listed.response });
  });

  test('refuses to delete an email that is not a draft with 409, keeping it', { check: 'conflict_detection', rules: ['email.only-draft-changes', 'resources.refused-write-changes-nothing'], needs: ['state'] }, async (t: Kit) => {
    const email = await scheduledEmail(t);
    const path = { newsletter_id: email.newsletter_id, id: email.id };
    const { response } = await t.api.DELETE('/newsletters/{newsletter_id}/emails/{id}', { params: { path } });
    t.verify(response.status === 409, `deleting a scheduled email answered ${response.status}; expected 409`, { evidence: response });
    verifyConflictType(t, response, 'email-not-draft', 'deleting a scheduled email');
    const read = await t.api.GET('/newsletters/{newsletter_id}/emails/{id}', { params: { path } });
    t.verify(read.response.status === 200, `the email is gone after the refused delete (getEmail answered ${read.response.status})`, { check: 'failed_write_leaves_nothing', evidence: read.response });
  });
});
