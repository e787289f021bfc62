/**
 * Within v1 the contract only grows. The last released contract (openapi/released/) is compared with
 * the current one; a breaking change fails here and belongs in a new major version instead.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { breakingChanges } from './breaking-changes.ts';
import { document } from './document.ts';

const released = JSON.parse(readFileSync(new URL('../released/1.0.0.json', import.meta.url), 'utf8'));
const copy = () => structuredClone(document);

describe('compatibility with the released 1.0.0 contract', () => {
  it('has no breaking change', () => {
    expect(breakingChanges(released, document)).toEqual([]);
  });
});

describe('the breaking-change check', () => {
  it('finds a removed operation and a renamed operationId', () => {
    const changed = copy();
    delete changed.paths['/pages'].post;
    changed.paths['/newsletters/{newsletter_id}/emails'].get.operationId = 'getEmails';
    expect(breakingChanges(released, changed).sort()).toEqual([
      'GET /newsletters/{newsletter_id}/emails: operationId listEmails renamed to getEmails',
      'POST /pages: operation createPage removed',
      // Its rules went with it.
      'rule page.slug-from-name (createPage) removed',
      'rule page.slug-taken (createPage) removed',
    ]);
  });

  it('finds a removed response field, a removed enum value and a newly required field', () => {
    const changed = copy();
    delete changed.components.schemas.Email.properties.sent_at;
    changed.components.schemas.EmailStatus.enum = ['draft', 'scheduled', 'sent'];
    changed.components.schemas.SubscriberCreate.required = ['email', 'name'];
    const problems = breakingChanges(released, changed);
    expect(problems).toContain('GET /newsletters/{newsletter_id}/emails 200.result[]: response field "sent_at" removed');
    expect(problems.some((p) => p.endsWith('enum value "failed" removed'))).toBe(true);
    expect(problems).toContain('POST /newsletters/{newsletter_id}/subscribers body: request field "name" is newly required');
  });

  it('finds a renamed parameter', () => {
    const changed = copy();
    changed.components.parameters.ListSize.name = 'per_page';
    expect(breakingChanges(released, changed)).toContain('GET /newsletters/{newsletter_id}/emails: parameter query.size removed or renamed');
  });

  it('finds a rule removed since the release', () => {
    const changed = copy();
    changed.info['x-rules'] = changed.info['x-rules'].filter((rule: { id: string }) => rule.id !== 'errors.problem-details');
    expect(breakingChanges(released, changed)).toEqual(['rule errors.problem-details (info) removed']);
  });

  it('finds a removed rule, wherever it was written', () => {
    const changed = copy();
    const sendRules = changed.paths['/newsletters/{newsletter_id}/emails/{id}/send'].post['x-rules'];
    changed.paths['/newsletters/{newsletter_id}/emails/{id}/send'].post['x-rules'] = sendRules.filter((rule: { id: string }) => rule.id !== 'email.send-past-time');
    changed.info['x-rules'] = changed.info['x-rules'].filter((rule: { id: string }) => rule.id !== 'lists.newest-first');
    expect(breakingChanges(document, changed).sort()).toEqual(['rule email.send-past-time (sendEmail) removed', 'rule lists.newest-first (info) removed']);
  });

  it('lets a rule move to another place of the document', () => {
    const changed = copy();
    const [moved] = changed.info['x-rules'].splice(0, 1);
    changed.paths['/pages'].post['x-rules'].push(moved);
    expect(breakingChanges(document, changed)).toEqual([]);
  });

  it('lets additions through', () => {
    const changed = copy();
    changed.components.schemas.Email.properties.opened_count = { type: 'integer' };
    changed.components.schemas.SubscriberCreate.properties.name = { type: 'string' };
    changed.info['x-rules'].push({ id: 'lists.new-rule', rule: 'A rule added later.' });
    expect(breakingChanges(released, changed)).toEqual([]);
  });
});
