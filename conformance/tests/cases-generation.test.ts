/**
 * The generated cases come from the contract alone: the same document and seed give the same cases,
 * every enum value and every boundary is there whatever --max-examples says, and a bounded field added
 * to the document yields its own cases with no test code written.
 */
import { describe, expect, it } from 'vitest';
import { ContractDocument, loadContract } from '../contract/document.ts';
import { casesFor } from '../cases/generate.ts';
import { jsonMedia } from '../cases/json-media.ts';
import { sequencesFor } from '../cases/stateful.ts';
import { suiteFiles } from '../cases/test-files.ts';
import { dedupe, casesToReplay, type FailingCase } from '../cases/failures-file.ts';

const contract = loadContract();
const titles = (operationId: string, phase: 'examples' | 'boundaries' | 'negative', seed = 1, document = contract) =>
  casesFor(document, document.operation(operationId), phase, seed).map((generated) => generated.title);

describe('generated cases', () => {
  it('are the same for the same seed, with stable ids', () => {
    const first = casesFor(contract, contract.operation('createPost'), 'boundaries', 5);
    const second = casesFor(contract, contract.operation('createPost'), 'boundaries', 5);
    expect(second).toEqual(first);
    expect(new Set(first.map((generated) => generated.id)).size).toBe(first.length);
  });

  it('include every enum value of a filter and both sides of every limit', () => {
    const listEmails = titles('listEmails', 'boundaries');
    for (const status of ['draft', 'scheduled', 'sent', 'failed']) expect(listEmails).toContain(`query.status = "${status}" (enum value)`);
    expect(listEmails).toEqual(expect.arrayContaining(['query.size at its maximum 100', 'query.size just above its maximum (101)', 'query.size at its minimum 1', 'query.size just below its minimum (0)']));
    const createPage = titles('createPage', 'boundaries');
    expect(createPage).toEqual(expect.arrayContaining(['body.name at its maxLength 255, a space at each end counted', 'body.name one character over its maxLength 255', 'body.name one character over its maxLength 255 with a space at each end counted', 'body.slug = null (nullable)']));
  });

  it('send the contract’s own named examples', () => {
    expect(titles('createPost', 'examples')).toEqual(["the contract's example PostCreateDraft", "the contract's example PostCreatePublished"]);
  });

  it('mutate one thing at a time, including the content type', () => {
    const negative = casesFor(contract, contract.operation('createSubscriber'), 'negative', 1);
    expect(negative.map((generated) => generated.title)).toEqual(expect.arrayContaining(['a body with email missing', 'a JSON body sent as text/plain']));
    expect(negative.find((generated) => generated.location === 'content-type')?.expect).toEqual({ kind: 'reject', status: 415 });
  });

  it('send every maxLength in characters outside the Basic Multilingual Plane where the pattern allows them', () => {
    const at = (operationId: string, field: string) =>
      casesFor(contract, contract.operation(operationId), 'boundaries', 1).find((generated) => generated.title.startsWith(`body.${field} at its maxLength`) && generated.title.endsWith('Basic Multilingual Plane'));
    const name = at('updateNewsletter', 'name');
    const text = (name?.input.body as Record<string, string> | undefined)?.name ?? '';
    expect(name?.expect).toEqual({ kind: 'accept' });
    expect([...text].length).toBe(255);
    expect(text.length).toBe(510);
    // A long field keeps its body far below the size limit: a thousand such characters, the rest ASCII.
    const markdown = (at('createPost', 'content_md')?.input.body as Record<string, string> | undefined)?.content_md ?? '';
    expect([...markdown].length).toBe(500_000);
    expect(markdown.length).toBe(501_000);
    // A slug's pattern asks for a letter or digit of ASCII, an address's for ASCII only.
    expect(at('createPage', 'slug')).toBeUndefined();
    expect(at('createSubscriber', 'email')).toBeUndefined();
  });

  it('send more invalid inputs than a 422 lists, on every operation with a JSON body', () => {
    const withBody = contract.operations.filter((operation) => jsonMedia(operation));
    expect(withBody.length).toBeGreaterThan(10);
    for (const operation of withBody) {
      const beyond = casesFor(contract, operation, 'negative', 1).find((generated) => generated.listed !== undefined);
      expect(beyond?.listed, operation.operationId).toBe(20);
      expect(beyond?.causes).toHaveLength(25);
      expect(Object.keys(beyond?.input.body as object)).toEqual(expect.arrayContaining(beyond!.causes!.map((cause) => cause.slice('body.'.length))));
    }
  });

  it('follow a bounded field added to the contract, with no test code for it', () => {
    const document = structuredClone(contract.document);
    document.components.schemas.PageCreate.properties.subtitle = { type: ['string', 'null'], minLength: 2, maxLength: 80 };
    const extended = new ContractDocument(document, 'extended copy');
    const before = titles('createPage', 'boundaries');
    const after = titles('createPage', 'boundaries', 1, extended);
    const added = after.filter((title) => !before.includes(title));
    expect(added).toEqual([
      'body.subtitle at its minLength 2',
      'body.subtitle one character under its minLength 2',
      'body.subtitle at its maxLength 80, a space at each end counted',
      'body.subtitle one character over its maxLength 80',
      'body.subtitle one character over its maxLength 80 with a space at each end counted',
      'body.subtitle at its maxLength 80 in characters outside the Basic Multilingual Plane',
      'body.subtitle = null (nullable)',
    ]);
    expect(titles('createPage', 'negative', 1, extended)).toContain('a body with subtitle longer than 80 characters');
  });

  it('derive stateful sequences from the operations’ relationships', () => {
    expect(sequencesFor(contract).map((sequence) => sequence.name)).toEqual(
      expect.arrayContaining(['page-category-post', 'newsletter-subscriber-email-send', 'filters:listEmails', 'filters:listSubscribers', 'filters:listPosts']),
    );
  });

  it('load only the phases asked for, or only what a rerun runs again (from sources or compiled)', () => {
    expect(suiteFiles({ phases: ['boundaries'] }).include).toEqual(['suite/generated/boundaries.test.ts']);
    expect(suiteFiles({ phases: ['scenarios'] }).exclude).toContain('suite/generated/property.test.ts');
    expect(suiteFiles({ replay: [{}] }).include).toEqual(['suite/generated/replay.test.ts']);
    expect(suiteFiles({ replay: [], rerunFiles: ['suite/core/create-page.test'] }, 'js').include).toEqual(['suite/core/create-page.test.js']);
    expect(suiteFiles({ replay: [{}], rerunFiles: ['suite/core/create-page.test'] }).include).toEqual(['suite/generated/replay.test.ts', 'suite/core/create-page.test.ts']);
  });

  it('deduplicate failures by operation x check x location and replay each case once', () => {
    const generated = casesFor(contract, contract.operation('listEmails'), 'boundaries', 1).slice(0, 2);
    const failure = { operation: 'listEmails', check: 'response_schema_conformance' as const, rule: 'r', reason: 'bad', evidence: { curl: 'curl', response: { status: 200, headers: {}, body: '', durationMs: 1 } } };
    const failing: FailingCase[] = generated.map((item) => ({ test: item.title, location: item.location, saved: { phase: 'boundaries', operationId: 'listEmails', case: item }, failures: [{ ...failure, location: 'response 200' }] }));
    const saved = dedupe(failing);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.cases).toHaveLength(2);
    expect(casesToReplay({ seed: 1, runId: 'x', baseUrl: 'u', failures: saved }, saved[0]!.id)).toHaveLength(2);
    expect(() => casesToReplay({ seed: 1, runId: 'x', baseUrl: 'u', failures: saved }, 'f-nope')).toThrow(/No failure f-nope/);
  });
});

describe('one-character boundary values', () => {
  /** Every boundaries case of the contract at minLength 1, with its one-character value. */
  const shortest = (seed: number) =>
    contract.operations.flatMap((operation) =>
      casesFor(contract, operation, 'boundaries', seed)
        .filter((generated) => generated.title.endsWith('at its minLength 1'))
        .map((generated) => ({ key: `${operation.operationId} ${generated.location}`, value: (generated.input.body as Record<string, string>)[generated.location.slice('body.'.length)]! })),
    );
  const folded = (text: string) => text.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');

  it('never repeat in a run, not even as the same name in another letter case', () => {
    const values = shortest(7);
    expect(values.map(({ key }) => key)).toEqual(expect.arrayContaining(['createPage body.name', 'updatePage body.name', 'createNewsletter body.name', 'updateNewsletter body.name', 'createCategory body.slug', 'updateCategory body.slug']));
    for (const { value } of values) expect([...value]).toHaveLength(1);
    expect(new Set(values.map(({ value }) => folded(value))).size).toBe(values.length);
    // Nor the same slug: a page named `é` gets the slug `e`, which an explicit slug `e` would find taken.
    expect(new Set(values.map(({ value }) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase())).size).toBe(values.length);
  });

  it("keep to each field's allowed characters, non-ASCII letters where a name allows them", () => {
    const values = shortest(7);
    for (const { key, value } of values.filter(({ key }) => key.endsWith('.slug'))) expect(value, key).toMatch(/^[a-z0-9]$/i);
    // Over a few seeds the names draw from far more than ASCII: the pool is every letter and digit they allow.
    const names = [1, 2, 3, 4, 5].flatMap((seed) => shortest(seed).filter(({ key }) => key.endsWith('.name')).map(({ value }) => value));
    expect(names.some((value) => /[^\x00-\x7f]/.test(value))).toBe(true);
    for (const value of names) expect(value.normalize('NFKC')).toBe(value);
  });

  it('change with the seed', () => {
    expect(shortest(1).map(({ value }) => value)).not.toEqual(shortest(2).map(({ value }) => value));
    expect(shortest(3)).toEqual(shortest(3));
  });
});
