/**
 * The batching of fault proofs (fault-batches.ts): which faults may share a run, and which failures of a
 * shared run count for which fault. A synthetic report stands for the run.
 */
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../report/model.ts';
import { evidenceFor, familyOfOperation, planBatches, type FaultCase } from './fault-batches.ts';

const content: FaultCase = { fault: 'delete-keeps-post', include: ['deletePost'], caughtBy: ['use_after_free'], breaks: ['resources.gone-after-delete'] };
const mail: FaultCase = { fault: 'resend-sent-email', include: ['sendEmail'], caughtBy: ['email_send_state_table'], breaks: ['email.send-already-sent'] };
const authors: FaultCase = { fault: 'author-position-not-stored', include: ['updateAuthor'], caughtBy: ['crud_agreement'], breaks: ['author.update-kept'] };
const images: FaultCase = { fault: 'image-any-type', include: ['uploadImage'], caughtBy: ['negative_data_rejection'], breaks: ['image.supported-types'] };
const alone: FaultCase = { ...mail, fault: 'ignore-size', alone: 'spans families' };

function report(tests: Array<{ name: string; operation: string; reached: string[]; failures: Array<{ check: string; operation?: string; reason?: string }> }>): RunReport {
  return {
    tests: tests.map(({ name, operation, reached, failures }) => ({ name, operation, reached, state: failures.length ? 'failed' : 'passed', rules: [] })),
    failures: tests.flatMap(({ name, operation, failures }) =>
      failures.map((failure) => ({ test: name, operation: failure.operation ?? operation, check: failure.check, rule: '', reason: failure.reason ?? 'wrong' })),
    ),
    ruleCoverage: { rules: [{ id: 'resources.gone-after-delete', checks: ['use_after_free'], tests: tests.map(({ name, failures }) => ({ name, state: failures.length ? 'failed' : 'passed' })), exchanges: { passed: 0, failed: 0 } }] },
  } as unknown as RunReport;
}

describe('fault batches', () => {
  it('knows each operation family from the contract', () => {
    expect(['deletePost', 'listCategories', 'sendEmail', 'deleteSubscriber', 'updateAuthor', 'uploadImage'].map(familyOfOperation)).toEqual([
      'content',
      'content',
      'mail',
      'mail',
      'authors',
      'images',
    ]);
  });

  it('puts faults of independent families together, never two of one family, never authors with content or mail', () => {
    const batches = planBatches([content, mail, authors, images, { ...content, fault: 'rename-moves-slug', include: ['updatePage'] }, alone]);
    expect(batches.map((batch) => batch.cases.map((fault) => fault.fault))).toEqual([
      ['delete-keeps-post', 'resend-sent-email', 'image-any-type'],
      ['author-position-not-stored'],
      ['rename-moves-slug'],
      ['ignore-size'],
    ]);
    expect(batches[3]!.families.size).toBe(0);
  });

  it("counts only the fault's own tests that saw nothing of another fault's family", () => {
    const [batch] = planBatches([content, mail]);
    const shared = report([
      // Evidence for the content fault: its own test, within content (and authors, where no fault is on).
      { name: 'DELETE post > is gone', operation: 'deletePost', reached: ['createPost', 'deletePost', 'getPost', 'listAuthors'], failures: [{ check: 'use_after_free' }] },
      // Not evidence for the mail fault: it also sent a request to content, where the other fault is on.
      { name: 'send > twice', operation: 'sendEmail', reached: ['createEmail', 'sendEmail', 'listPages'], failures: [{ check: 'email_send_state_table' }] },
    ]);
    expect(evidenceFor(content, batch!, shared).failedChecks).toEqual(['use_after_free']);
    expect(evidenceFor(content, batch!, shared).brokenRules).toEqual(['resources.gone-after-delete']);
    expect(evidenceFor(mail, batch!, shared).failedChecks).toEqual([]);
  });

  it('does not count a lost answer, or a failure about another family, even in the fault’s own test', () => {
    const [batch] = planBatches([content, mail]);
    const shared = report([
      { name: 'send > twice', operation: 'sendEmail', reached: ['sendEmail'], failures: [{ check: 'email_send_state_table', reason: 'no response: timed out' }] },
      { name: 'send > later', operation: 'sendEmail', reached: ['sendEmail'], failures: [{ check: 'email_send_state_table' }, { check: 'not_a_server_error', operation: 'getPage' }] },
    ]);
    expect(evidenceFor(mail, batch!, shared).failedChecks).toEqual([]);
  });

  it('judges a fault run alone on the whole run, as before', () => {
    const [batch] = planBatches([alone]);
    const whole = report([{ name: 'list > size', operation: 'listPages', reached: ['listPages'], failures: [{ check: 'pagination_arithmetic' }] }]);
    expect(evidenceFor(alone, batch!, whole).failedChecks).toEqual(['pagination_arithmetic']);
  });
});
