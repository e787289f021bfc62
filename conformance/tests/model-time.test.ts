/**
 * The model phase's time bound: its depth's by default (25 s, 240 s deep), the seconds --model-time,
 * CONFORMANCE_MODEL_TIME or `"modelTime"` in --config give otherwise, never below a second; the number
 * of sequences stays the depth's either way.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionsError, resolveOptions } from '../cli/options.ts';
import { modelSize } from '../model/run.ts';

const BASE = ['--base-url', 'http://127.0.0.1:1/api/v1', '--token', 'model-time-test-token'];

describe('the model phase time bound', () => {
  const saved = process.env.CONFORMANCE_MODEL_TIME;
  afterEach(() => {
    if (saved === undefined) delete process.env.CONFORMANCE_MODEL_TIME;
    else process.env.CONFORMANCE_MODEL_TIME = saved;
  });

  it("is the depth's by default", () => {
    delete process.env.CONFORMANCE_MODEL_TIME;
    const { options } = resolveOptions(BASE);
    expect(options.modelTimeSeconds).toBeUndefined();
    expect(modelSize(options.maxExamples, options.modelTimeSeconds)).toEqual({ runs: 10, commands: 60, timeLimitMs: 25_000 });
    const deep = resolveOptions([...BASE, '--depth', 'deep']).options;
    expect(modelSize(deep.maxExamples, deep.modelTimeSeconds)).toEqual({ runs: 40, commands: 60, timeLimitMs: 240_000 });
  });

  it('takes --model-time, the environment and the config file, and keeps the number of sequences', () => {
    delete process.env.CONFORMANCE_MODEL_TIME;
    const flag = resolveOptions([...BASE, '--model-time', '600']).options;
    expect(modelSize(flag.maxExamples, flag.modelTimeSeconds)).toEqual({ runs: 10, commands: 60, timeLimitMs: 600_000 });
    process.env.CONFORMANCE_MODEL_TIME = '90';
    expect(resolveOptions(BASE).options.modelTimeSeconds).toBe(90);
    delete process.env.CONFORMANCE_MODEL_TIME;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'conformance-model-time-')), 'config.json');
    writeFileSync(file, JSON.stringify({ modelTime: 45 }));
    expect(resolveOptions([...BASE, '--config', file]).options.modelTimeSeconds).toBe(45);
  });

  it('refuses a bound under a second, or not a number, naming the option', () => {
    delete process.env.CONFORMANCE_MODEL_TIME;
    expect(() => resolveOptions([...BASE, '--model-time', '0'])).toThrow(OptionsError);
    expect(() => resolveOptions([...BASE, '--model-time', 'soon'])).toThrow(/model-time/);
  });
});
