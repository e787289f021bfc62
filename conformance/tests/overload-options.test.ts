/**
 * The overload phase's switch: off by default (its file is not even loaded), on with --overload,
 * CONFORMANCE_OVERLOAD or `"overload": true` in --config, alone with --phases overload; its bounds only
 * with the phase; and a contradiction refused with the reason.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { suiteFiles } from '../cases/test-files.ts';
import { buildProgram, OptionsError, resolveOptions } from '../cli/options.ts';

const BASE = ['--base-url', 'http://127.0.0.1:1/api/v1', '--token', 'overload-test-token'];
const FILE = 'suite/overload/overload.test.ts';

function configFile(content: object): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'conformance-overload-config-')), 'config.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('the overload switch', () => {
  const saved = process.env.CONFORMANCE_OVERLOAD;
  afterEach(() => {
    if (saved === undefined) delete process.env.CONFORMANCE_OVERLOAD;
    else process.env.CONFORMANCE_OVERLOAD = saved;
  });

  it('is off by default: the phase is neither selected nor loaded, and no bound of it is set', () => {
    delete process.env.CONFORMANCE_OVERLOAD;
    const { options } = resolveOptions(BASE);
    expect(options.phases).not.toContain('overload');
    expect(options.phases).toContain('hostile');
    expect(options.overloadConcurrency).toBeUndefined();
    expect(suiteFiles(options).include).not.toContain(FILE);
    expect(suiteFiles(options).exclude).toContain(FILE);
    // A run that leaves every option out loads the same files.
    expect(suiteFiles({}).exclude).toContain(FILE);
  });

  it('is added to the phases by --overload, CONFORMANCE_OVERLOAD=true or "overload": true, with its default bounds', () => {
    delete process.env.CONFORMANCE_OVERLOAD;
    const on = resolveOptions([...BASE, '--overload']).options;
    expect(on.phases).toEqual(expect.arrayContaining(['scenarios', 'hostile', 'overload']));
    expect(on.overloadConcurrency).toBe(32);
    expect(on.overloadWithinSeconds).toBe(30);
    expect(suiteFiles(on).include).toContain(FILE);
    expect(suiteFiles(on).exclude).not.toContain(FILE);
    expect(resolveOptions([...BASE, '--config', configFile({ overload: true })]).options.phases).toContain('overload');
    process.env.CONFORMANCE_OVERLOAD = 'true';
    expect(resolveOptions(BASE).options.phases).toContain('overload');
  });

  it('runs alone with --phases overload, with the bounds given', () => {
    delete process.env.CONFORMANCE_OVERLOAD;
    const { options } = resolveOptions([...BASE, '--phases', 'overload', '--overload-concurrency', '4', '--overload-within', '5']);
    expect(options.phases).toEqual(['overload']);
    expect(options).toMatchObject({ overloadConcurrency: 4, overloadWithinSeconds: 5 });
    expect(suiteFiles(options).include).toEqual([FILE]);
  });

  it('refuses a contradiction, a bound without the phase, and values it does not understand', () => {
    process.env.CONFORMANCE_OVERLOAD = 'false';
    expect(() => resolveOptions([...BASE, '--phases', 'scenarios,overload'])).toThrow(/overload phase that CONFORMANCE_OVERLOAD=false/);
    expect(resolveOptions(BASE).options.phases).not.toContain('overload');
    delete process.env.CONFORMANCE_OVERLOAD;
    expect(() => resolveOptions([...BASE, '--config', configFile({ overload: false }), '--phases', 'overload'])).toThrow(OptionsError);
    expect(() => resolveOptions([...BASE, '--overload-concurrency', '8'])).toThrow(/--overload-concurrency sets a bound of the overload phase, which this run leaves out: add --overload/);
    expect(() => resolveOptions([...BASE, '--phases', 'scenarios', '--overload-within', '5'])).toThrow(/add --overload/);
    expect(() => resolveOptions([...BASE, '--overload', '--overload-concurrency', '0'])).toThrow(/--overload-concurrency must be a whole number of at least 1/);
    expect(() => resolveOptions([...BASE, '--overload', '--overload-concurrency', '2.5'])).toThrow(OptionsError);
    process.env.CONFORMANCE_OVERLOAD = 'perhaps';
    expect(() => resolveOptions(BASE)).toThrow(/CONFORMANCE_OVERLOAD/);
  });

  it('says in --help what the phase sends and that it is off by default', () => {
    const help = buildProgram().helpInformation().replace(/\s+/g, ' ');
    expect(help).toMatch(/--overload .*off by default: heavy for a shared target/);
    expect(help).toMatch(/createPost with a body of about 1 MiB .* uploadImage with a 10 MiB PNG, and listPosts size=100/);
  });
});
