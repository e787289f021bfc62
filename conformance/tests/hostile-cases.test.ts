/**
 * The hostile phase's cases and switch, without a target: every operation gets its share, each input
 * stays within its bounds, and --no-hostile (or its environment and config equivalents) leaves the
 * phase out.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostileCases } from '../cases/hostile.ts';
import { MARKDOWN_SHAPES, NUMBER_SPELLINGS, withDeepNesting, withUnknownKeys, UNKNOWN_KEYS, NESTING_DEPTH } from '../cases/hostile-inputs.ts';
import { suiteFiles } from '../cases/test-files.ts';
import { OptionsError, resolveOptions } from '../cli/options.ts';
import { loadContract } from '../contract/document.ts';

const contract = loadContract();
const BASE = ['--base-url', 'http://127.0.0.1:1/api/v1', '--token', 'hostile-test-token'];

describe('hostile cases', () => {
  it('are the same for the same contract, and cover every operation', () => {
    for (const operation of contract.operations) {
      const cases = hostileCases(contract, operation);
      expect(hostileCases(contract, operation)).toEqual(cases);
      expect(cases.length, operation.operationId).toBeGreaterThan(0);
      expect(new Set(cases.map((item) => item.id)).size).toBe(cases.length);
    }
  });

  it('spell the integer parameters of every operation in ways that are not plain decimal, every spelling somewhere', () => {
    const numbers = hostileCases(contract, contract.operation('listPosts')).filter((item) => item.input.hostile?.kind === 'number');
    expect(numbers).toHaveLength(7);
    expect(new Set(numbers.map((item) => item.location))).toEqual(new Set(['path.page_id', 'query.category_id', 'query.page', 'query.size']));
    expect(numbers.every((item) => item.expect.kind === 'reject' && item.expect.status === 422)).toBe(true);
    const everywhere = contract.operations.flatMap((operation) => hostileCases(contract, operation)).map((item) => item.input.hostile);
    const spellings = new Set(everywhere.flatMap((hostile) => (hostile?.kind === 'number' ? [hostile.spelling] : [])));
    expect([...spellings].sort()).toEqual(Object.keys(NUMBER_SPELLINGS).sort());
    for (const operation of contract.operations.filter((candidate) => candidate.parameters.some((parameter) => parameter.in === 'path'))) {
      const spelled = hostileCases(contract, operation).filter((item) => item.input.hostile?.kind === 'number');
      expect(spelled.map((item) => (item.input.hostile as { spelling: string }).spelling), operation.operationId).toEqual(expect.arrayContaining(['infinity', 'minus-infinity', 'overflow']));
    }
  });

  it('send pathological Markdown to exactly the operations that render it, last, and under the contract limit', () => {
    const rendering = contract.operations.filter((operation) => hostileCases(contract, operation).some((item) => item.input.hostile?.kind === 'markdown'));
    expect(rendering.map((operation) => operation.operationId).sort()).toEqual(['createEmail', 'createPost', 'updateEmail', 'updatePost']);
    const cases = hostileCases(contract, contract.operation('createPost'));
    expect(cases.slice(-3).map((item) => item.input.hostile?.kind)).toEqual(['markdown', 'markdown', 'markdown']);
    for (const shape of Object.values(MARKDOWN_SHAPES)) expect(shape.text().length).toBeLessThanOrEqual(500_000);
    expect(MARKDOWN_SHAPES['nested-list'].text().length).toBeGreaterThan(480_000);
  });

  it('keep wide and deep bodies well under the 1 MiB limit', () => {
    expect(Buffer.byteLength(withUnknownKeys({ name: 'x' }, UNKNOWN_KEYS))).toBeLessThan(300_000);
    const deep = withDeepNesting({ name: 'x' }, 'name', NESTING_DEPTH);
    expect(deep.startsWith(`{"name":${'['.repeat(NESTING_DEPTH)}]`)).toBe(true);
    expect(deep.length).toBeLessThan(20_000);
  });

  it('try other multipart subtypes and a stalled oversized body on the upload', () => {
    const kinds = hostileCases(contract, contract.operation('uploadImage')).map((item) => item.input.hostile?.kind);
    expect(kinds).toEqual(expect.arrayContaining(['multipart-subtype', 'multipart-subtype', 'stalled-oversize']));
  });
});

describe('the hostile switch', () => {
  const saved = process.env.CONFORMANCE_HOSTILE;
  afterEach(() => {
    if (saved === undefined) delete process.env.CONFORMANCE_HOSTILE;
    else process.env.CONFORMANCE_HOSTILE = saved;
  });

  it('is on by default, and the hostile test file is loaded', () => {
    delete process.env.CONFORMANCE_HOSTILE;
    const { options } = resolveOptions(BASE);
    expect(options.hostile).toBe(true);
    expect(options.phases).toContain('hostile');
    expect(options.responsiveWithinSeconds).toBe(1);
    expect(suiteFiles(options).include).toContain('suite/generated/hostile.test.ts');
  });

  it('is turned off by --no-hostile, CONFORMANCE_HOSTILE=false or "hostile": false in --config', () => {
    delete process.env.CONFORMANCE_HOSTILE;
    const off = resolveOptions([...BASE, '--no-hostile']).options;
    expect(off.phases).not.toContain('hostile');
    expect(suiteFiles(off).exclude).toContain('suite/generated/hostile.test.ts');
    const config = path.join(mkdtempSync(path.join(tmpdir(), 'conformance-hostile-config-')), 'config.json');
    writeFileSync(config, JSON.stringify({ hostile: false }));
    expect(resolveOptions([...BASE, '--config', config]).options.hostile).toBe(false);
    process.env.CONFORMANCE_HOSTILE = 'false';
    expect(resolveOptions(BASE).options.hostile).toBe(false);
  });

  it('refuses a contradiction and a value it does not understand', () => {
    delete process.env.CONFORMANCE_HOSTILE;
    expect(() => resolveOptions([...BASE, '--phases', 'hostile', '--no-hostile'])).toThrow(OptionsError);
    process.env.CONFORMANCE_HOSTILE = 'perhaps';
    expect(() => resolveOptions(BASE)).toThrow(/CONFORMANCE_HOSTILE/);
  });
});
