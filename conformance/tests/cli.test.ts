/**
 * The CLI's contract with whoever runs it: exit 2, with a message saying why, whenever the run cannot
 * happen (bad options, unreadable spec, unreachable target); options from flags, environment variables
 * and a config file, flags first.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unreachableUrl } from '../../scripts/ports.ts';
import { runCli } from './run-cli.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'conformance-cli-'));
const file = (name: string, content: string) => {
  const target = path.join(scratch, name);
  writeFileSync(target, content);
  return target;
};

// Each test is its own child process: they can run side by side.
describe.concurrent('conformance CLI', () => {
  it('prints its options and exits 0 with --help', async () => {
    const run = await runCli(['--help']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/--base-url <url>/);
    expect(run.stdout).toMatch(/Exit codes: 0/);
    // What a disposable target gives up is said where the option is offered.
    expect(run.stdout.replace(/\s+/g, ' ')).toMatch(/--disposable-target .*updates the workspace's first active author .*never use it on a server whose data matters/);
  });

  it.each([
    ['without --base-url', ['--token', 't'], /--base-url is required/],
    ['without --token', ['--base-url', 'http://127.0.0.1:1'], /--token is required/],
    ['with a base URL that is not http', ['--base-url', 'ftp://example.com', '--token', 't'], /must be an http\(s\) URL/],
    ['with an unknown profile', ['--base-url', 'http://127.0.0.1:1', '--token', 't', '--profile', 'staging'], /profile/],
    ['with an unknown operation or tag in --include', ['--base-url', 'http://127.0.0.1:1', '--token', 't', '--include', 'createWidget'], /neither an operationId nor a tag/],
    ['with an unknown reporter', ['--base-url', 'http://127.0.0.1:1', '--token', 't', '--reporter', 'xml'], /unknown xml/],
    ['with a seed that is not a whole number', ['--base-url', 'http://127.0.0.1:1', '--token', 't', '--seed', '1.5'], /--seed must be a whole number/],
    ['with the same token twice', ['--base-url', 'http://127.0.0.1:1', '--token', 't', '--token2', 't'], /--token2 must be a token of another workspace/],
    ['with an unknown flag', ['--base-url', 'http://127.0.0.1:1', '--token', 't', '--verbose'], /unknown option/],
  ])('exits 2 %s', async (_, args, message) => {
    const run = await runCli(args);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('exits 2 when the spec cannot be read', async () => {
    const run = await runCli(['--base-url', 'http://127.0.0.1:1', '--token', 't', '--spec', path.join(scratch, 'missing.yaml')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/Cannot read the OpenAPI document .*missing\.yaml/);
  });

  it('exits 2 when the spec is not an OpenAPI 3.1 document', async () => {
    const run = await runCli(['--base-url', 'http://127.0.0.1:1', '--token', 't', '--spec', file('not-openapi.json', '{"swagger":"2.0"}')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/is not an OpenAPI document/);
  });

  it('exits 2 for a fixtures file with an unknown key or a bad id', async () => {
    const unknown = await runCli(['--base-url', 'http://127.0.0.1:1', '--token', 't', '--fixtures', file('unknown.json', '{"pages_id": 3}')]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/unknown key pages_id/);
    const bad = await runCli(['--base-url', 'http://127.0.0.1:1', '--token', 't', '--fixtures', file('bad.json', '{"page_id": 0}')]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/page_id must be a whole number from 1/);
  });

  it('exits 2 for a config file with an unknown key', async () => {
    const run = await runCli(['--config', file('typo.json', '{"baseURL": "http://127.0.0.1:1", "token": "t"}')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/unknown keys: baseURL/);
  });

  it('exits 2 when the target does not answer, naming it and without the token', async () => {
    const url = unreachableUrl();
    const run = await runCli(['--base-url', url, '--token', 'secret-cli-token']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`Cannot reach ${url}`);
    expect(run.stderr + run.stdout).not.toContain('secret-cli-token');
  });

  it('warns once when a token is given as a flag, and never when it comes from the environment', async () => {
    const flagged = await runCli(['--base-url', unreachableUrl(), '--token', 'secret-flag-token', '--token2', 'secret-flag-token2']);
    expect(flagged.stderr.match(/warning: --token and --token2 on the command line/g)).toHaveLength(1);
    expect(flagged.stderr).toContain('CONFORMANCE_TOKEN and CONFORMANCE_TOKEN2');
    expect(flagged.stderr + flagged.stdout).not.toContain('secret-flag-token');
    const quiet = await runCli(['--base-url', unreachableUrl()], { CONFORMANCE_TOKEN: 'secret-env-token' });
    expect(quiet.exitCode).toBe(2);
    expect(quiet.stderr).not.toMatch(/warning/);
  });

  it('takes options from environment variables and from a config file, flags first', async () => {
    const fromEnv = unreachableUrl('from-env');
    const envRun = await runCli([], { CONFORMANCE_BASE_URL: fromEnv, CONFORMANCE_TOKEN: 't' });
    expect(envRun.exitCode).toBe(2);
    expect(envRun.stderr).toContain(`Cannot reach ${fromEnv}`);

    const fromConfig = unreachableUrl('from-config');
    const config = file('config.json', JSON.stringify({ baseUrl: fromConfig, token: 't', profile: 'mock' }));
    const configRun = await runCli(['--config', config]);
    expect(configRun.stderr).toContain(`Cannot reach ${fromConfig}`);

    const fromFlag = unreachableUrl('from-flag');
    const flagRun = await runCli(['--config', config, '--base-url', fromFlag], { CONFORMANCE_BASE_URL: fromEnv });
    expect(flagRun.stderr).toContain(`Cannot reach ${fromFlag}`);
  });
});
