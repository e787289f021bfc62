/**
 * The CLI's options, from flags, environment variables and a JSON config file, in that order of
 * precedence, checked and resolved into the RunOptions the suite receives.
 */
import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { FAILURES_FILE, readFailuresFile, rerunSelection } from '../cases/failures-file.ts';
import { DEFAULT_PHASES, PHASES, type Phase } from '../cases/model.ts';
import { CHECK_NAMES } from '../checks/catalog.ts';
import { PROFILES, type Profile } from '../checks/profile.ts';
import { contractRules } from '../../openapi/rules.ts';
import { defaultSpecPath, loadContract, type ContractDocument } from '../contract/document.ts';
import { FIXTURE_KEYS, REPORTER_NAMES, type FixtureIds, type ReporterName, type RunOptions } from '../run-options.ts';
import { SUITE } from '../version.ts';
import { checkRerunTarget, filterRerun } from './rerun-scope.ts';

/** A problem with the options: the run cannot happen (exit 2). */
export class OptionsError extends Error {}

/** --help or --version was asked for and printed: nothing to run (exit 0). */
export class InformationShown extends Error {}

export const DEFAULTS = {
  profile: 'live' as Profile,
  maxTime: 300,
  reportDir: 'reports/conformance',
  reporter: 'console,json,junit,html',
  waitForServer: 0,
  requestTimeout: 10,
  deliveryTimeout: 20,
  phases: DEFAULT_PHASES.join(','),
  depth: 'ci' as Depth,
  responsiveWithin: 1,
  overloadConcurrency: 32,
  overloadWithin: 30,
};

/** How many property inputs each operation gets: ci keeps a CI run short, deep is for nightly runs. */
type Depth = 'ci' | 'deep';
const MAX_EXAMPLES: Record<Depth, number> = { ci: 5, deep: 100 };

/** Config-file keys, the same as the flags' names in camelCase. */
const CONFIG_KEYS = [
  'baseUrl',
  'token',
  'token2',
  'profile',
  'include',
  'maxTime',
  'seed',
  'runId',
  'reportDir',
  'reporter',
  'fixtures',
  'waitForServer',
  'spec',
  'requestTimeout',
  'deliveryTimeout',
  'phases',
  'maxExamples',
  'depth',
  'probeRateLimit',
  'hostile',
  'disposableTarget',
  'responsiveWithin',
  'modelTime',
  'overload',
  'overloadConcurrency',
  'overloadWithin',
  'maxRate',
  'header',
  'excludeCheck',
  'excludeRule',
  'knownFailures',
] as const;
type ConfigKey = (typeof CONFIG_KEYS)[number];
type RawOptions = Partial<Record<ConfigKey | 'config' | 'replay' | 'failed', unknown>>;

export function buildProgram(): Command {
  const program = new Command('publishing-conformance')
    .description('Checks a server of the Publishing Service API v1 against its OpenAPI contract, operation by operation.')
    .addOption(new Option('--base-url <url>', 'server URL the contract paths are appended to (a real server ends in /api/v1)').env('CONFORMANCE_BASE_URL'))
    .addOption(new Option('--token <token>', 'workspace API token (prefer the environment variable: flags show in process lists)').env('CONFORMANCE_TOKEN'))
    .addOption(new Option('--token2 <token>', "a token of a second workspace: turns on the workspace isolation checks").env('CONFORMANCE_TOKEN2'))
    .addOption(new Option('--profile <profile>', 'live: a real server; mock: a stateless mock such as Prism').choices(PROFILES).env('CONFORMANCE_PROFILE'))
    .addOption(new Option('--include <operations-or-tags...>', 'only these operationIds or tags (space or comma separated)').env('CONFORMANCE_INCLUDE'))
    .addOption(new Option('--max-time <seconds>', `stop the run after this long (default ${DEFAULTS.maxTime})`).env('CONFORMANCE_MAX_TIME'))
    .addOption(new Option('--seed <n>', 'seed of every generated value and name; printed with each run').env('CONFORMANCE_SEED'))
    .addOption(new Option('--run-id <id>', 'part of the name of everything the run creates (default: new per run)').env('CONFORMANCE_RUN_ID'))
    .addOption(new Option('--report-dir <dir>', `where reports are written (default ${DEFAULTS.reportDir})`).env('CONFORMANCE_REPORT_DIR'))
    .addOption(new Option('--reporter <list>', `report formats: console, json, junit, html (default ${DEFAULTS.reporter})`).env('CONFORMANCE_REPORTER'))
    .addOption(new Option('--fixtures <file>', 'JSON file of existing ids: page_id, newsletter_id, author_id; states_newsletter_id with suppressed_subscriber_id and failed_email_id').env('CONFORMANCE_FIXTURES'))
    .addOption(new Option('--wait-for-server <seconds>', 'wait this long for the target to answer before giving up (default 0)').env('CONFORMANCE_WAIT_FOR_SERVER'))
    .addOption(new Option('--spec <path>', 'the OpenAPI 3.1 document, JSON or YAML (default: the bundled contract)').env('CONFORMANCE_SPEC'))
    .addOption(new Option('--config <file>', 'JSON file with any of these options, keys in camelCase (baseUrl, maxTime, ...)').env('CONFORMANCE_CONFIG'))
    .addOption(new Option('--request-timeout <seconds>', `time one request may take (default ${DEFAULTS.requestTimeout})`).env('CONFORMANCE_REQUEST_TIMEOUT'))
    .addOption(new Option('--delivery-timeout <seconds>', `time a sent email may take to read "sent" (default ${DEFAULTS.deliveryTimeout})`).env('CONFORMANCE_DELIVERY_TIMEOUT'))
    .addOption(new Option('--phases <list>', `scenarios (the hand-written tests) and generated phases: ${PHASES.join(', ')} (default all but overload)`).env('CONFORMANCE_PHASES'))
    .addOption(new Option('--depth <depth>', 'ci: a few property inputs per operation (default); deep: many, for nightly runs').choices(['ci', 'deep']).env('CONFORMANCE_DEPTH'))
    .addOption(new Option('--max-examples <n>', `property inputs per operation (default ${MAX_EXAMPLES.ci}, ${MAX_EXAMPLES.deep} with --depth deep)`).env('CONFORMANCE_MAX_EXAMPLES'))
    .addOption(new Option('--probe-rate-limit', 'run only the rate-limit probe: push one list operation until 429 (bounded; spends the token\'s quota)').env('CONFORMANCE_PROBE_RATE_LIMIT'))
    .addOption(
      new Option(
        '--no-hostile',
        'do not send the hostile phase: integers spelled 1e0, 0x1, +1, Infinity; lone surrogates, bytes that are not UTF-8, other charsets and encodings; 20,000 unknown keys, JSON nested 5,000 levels, pathological Markdown, a stalled oversized body (a few hundred requests, one at a time, each under 500 KB; also CONFORMANCE_HOSTILE=false)',
      ),
    )
    .addOption(
      new Option(
        '--disposable-target',
        'the target is a throwaway server whose data may be changed beyond what the run creates: the suite then also updates the workspace\'s first active author (or author_id of --fixtures), setting its names, position, descriptions and active flag to generated values that are not all restored; never use it on a server whose data matters',
      ).env('CONFORMANCE_DISPOSABLE_TARGET'),
    )
    .addOption(new Option('--model-time <seconds>', 'time the model phase may take for its sequences (default 25, 240 with --depth deep or --max-examples over 5)').env('CONFORMANCE_MODEL_TIME'))
    .addOption(new Option('--responsive-within <seconds>', `time a light request may take while a hostile request or the overload phase's load is in flight (default ${DEFAULTS.responsiveWithin})`).env('CONFORMANCE_RESPONSIVE_WITHIN'))
    .addOption(
      new Option(
        '--overload',
        `also run the overload phase (off by default: heavy for a shared target; also CONFORMANCE_OVERLOAD=true): --overload-concurrency requests at once of each of: createPost with a body of about 1 MiB (title and content_md at their maxLength), createEmail with 60,000 characters of costly Markdown, uploadImage with a 10 MiB PNG, and listPosts size=100 of a page of 100 posts each with content_html at its maxLength (the 100 posts, about 50 MB, are created first); each answer must be the success status, or 503 with Retry-After, or 429, within --overload-within, while a light request keeps answering within --responsive-within. It leaves the accepted uploads (10 MiB each), two pages and a newsletter`,
      ),
    )
    .addOption(new Option('--overload-concurrency <n>', `requests the overload phase keeps in flight at once (default ${DEFAULTS.overloadConcurrency})`).env('CONFORMANCE_OVERLOAD_CONCURRENCY'))
    .addOption(new Option('--overload-within <seconds>', `time each request of the overload phase may take to be answered, a refusal included (default ${DEFAULTS.overloadWithin})`).env('CONFORMANCE_OVERLOAD_WITHIN'))
    .addOption(new Option('--max-rate <requests-per-second>', 'send at most this many requests per second (default: no cap); a 429, or a 503 with Retry-After (a target at capacity), is waited out as Retry-After says either way').env('CONFORMANCE_MAX_RATE'))
    .addOption(new Option('--known-failures <file>', 'a baseline: a copy of a run\'s failures.json; the failures it lists are reported as known and do not fail the run, new ones do, fixed ones are named').env('CONFORMANCE_KNOWN_FAILURES'))
    .addOption(new Option('--exclude-check <checks...>', 'leave out these checks: their tests are not run and no answer is judged by them (space or comma separated)').env('CONFORMANCE_EXCLUDE_CHECK'))
    .addOption(new Option('--exclude-rule <rule-ids...>', 'leave out the tests and checks that verify only these contract rules (space or comma separated)').env('CONFORMANCE_EXCLUDE_RULE'))
    .addOption(
      new Option('--header <header>', "an extra request header for a target behind a gateway, 'Name: value'; repeat it for more (redacted in reports like the token)")
        .argParser((item: string, previous: string[] | undefined) => [...(previous ?? []), item])
        .env('CONFORMANCE_HEADER'),
    )
    .addOption(new Option('--replay <failure-id>', 'send again exactly the cases of one failure saved in <report-dir>/failures.json'))
    .addOption(new Option('--failed', 'send again the cases of every failure saved in <report-dir>/failures.json'))
    .version(SUITE.version, '-V, --version', 'print the suite\'s version')
    .helpOption('-h, --help', 'show this help')
    .addHelpText(
      'after',
      '\nExit codes: 0 all applicable checks pass; 1 a check failed (or --max-time cut the run short); 2 the run could not happen.\n' +
        'Every option can also be set as CONFORMANCE_<NAME> (CONFORMANCE_BASE_URL, CONFORMANCE_TOKEN, ...) or in --config.',
    )
    .allowExcessArguments(false)
    .exitOverride()
    .configureOutput({ writeErr: () => undefined });
  return program;
}

function readJsonFile(file: string, what: string): unknown {
  if (!existsSync(file)) throw new OptionsError(`${what} ${file} does not exist`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new OptionsError(`${what} ${file} is not valid JSON: ${(error as Error).message}`);
  }
}

function readConfigFile(file: string): RawOptions {
  const parsed = readJsonFile(file, 'The config file');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new OptionsError(`The config file ${file} must hold a JSON object`);
  const unknown = Object.keys(parsed).filter((key) => !(CONFIG_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new OptionsError(`The config file ${file} has unknown keys: ${unknown.join(', ')} (known: ${CONFIG_KEYS.join(', ')})`);
  const config = parsed as RawOptions;
  // Paths in a config file are relative to the file, not to wherever the command runs.
  const directory = path.dirname(path.resolve(file));
  for (const key of ['reportDir', 'spec', 'fixtures', 'knownFailures'] as const) {
    if (typeof config[key] === 'string') config[key] = path.resolve(directory, config[key] as string);
  }
  return config;
}

function number(name: string, value: unknown, { integer = false, min = 0 } = {}): number {
  const parsed = typeof value === 'number' ? value : Number(String(value).trim());
  if (String(value).trim() === '' || !Number.isFinite(parsed) || (integer && !Number.isInteger(parsed)) || parsed < min) {
    throw new OptionsError(`--${name} must be ${integer ? 'a whole number' : 'a number'} of at least ${min}, got "${String(value)}"`);
  }
  return parsed;
}

function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => String(item).split(/[\s,]+/)).filter(Boolean);
}

function baseUrlOf(value: unknown): string {
  if (value === undefined || value === '') throw new OptionsError('--base-url is required (or CONFORMANCE_BASE_URL, or baseUrl in --config)');
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new OptionsError(`--base-url must be an http(s) URL, got "${String(value)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OptionsError(`--base-url must be an http(s) URL, got "${String(value)}"`);
  if (url.search || url.hash) throw new OptionsError('--base-url must not have a query or fragment');
  return url.toString().replace(/\/+$/, '');
}

function tokenOf(name: string, value: unknown): string {
  const token = String(value);
  // A header value cannot carry control characters; spaces would change the scheme's meaning.
  if (!/^[\x21-\x7e]+$/.test(token)) throw new OptionsError(`--${name} must be printable ASCII without spaces`);
  return token;
}

function fixturesOf(value: unknown): FixtureIds {
  if (value === undefined) return {};
  const parsed = typeof value === 'string' ? readJsonFile(value, 'The fixtures file') : value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new OptionsError('--fixtures must hold a JSON object of ids');
  const fixtures: FixtureIds = {};
  for (const [key, id] of Object.entries(parsed)) {
    if (!(FIXTURE_KEYS as readonly string[]).includes(key)) throw new OptionsError(`--fixtures has an unknown key ${key} (known: ${FIXTURE_KEYS.join(', ')})`);
    if (!Number.isInteger(id) || (id as number) < 1) throw new OptionsError(`--fixtures: ${key} must be a whole number from 1, got ${JSON.stringify(id)}`);
    fixtures[key as keyof FixtureIds] = id as number;
  }
  return fixtures;
}

/** operationIds from a mix of operationIds and tags (tags case-insensitively). */
function includeOf(value: unknown, contract: ContractDocument): string[] {
  if (value === undefined) return [];
  const selected = new Set<string>();
  for (const item of list(value)) {
    if (contract.hasOperation(item)) {
      selected.add(item);
      continue;
    }
    const tagged = contract.operations.filter((operation) => operation.tags.some((tag) => tag.toLowerCase() === item.toLowerCase()));
    if (tagged.length === 0) {
      const tags = [...new Set(contract.operations.flatMap((operation) => operation.tags))];
      throw new OptionsError(`--include: "${item}" is neither an operationId nor a tag of the contract (tags: ${tags.join(', ')})`);
    }
    for (const operation of tagged) selected.add(operation.operationId);
  }
  return [...selected];
}

/** --known-failures: a failures.json, read now so a wrong path stops the run before it starts. */
function knownFailuresOf(file: string): string {
  const parsed = readJsonFile(file, 'The known-failures file') as { failures?: unknown };
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(parsed.failures)) {
    throw new OptionsError(`--known-failures ${file} must be a failures.json of an earlier run (copy reports/conformance/failures.json)`);
  }
  return file;
}

/** --exclude-check and --exclude-rule, each name checked against the catalog and the contract's rules. */
function exclusionsOf(checks: unknown, rules: unknown, contract: ContractDocument): Pick<RunOptions, 'excludeChecks' | 'excludeRules'> {
  const excluded: Pick<RunOptions, 'excludeChecks' | 'excludeRules'> = {};
  if (checks !== undefined) {
    const names = list(checks);
    const unknown = names.filter((name) => !(CHECK_NAMES as readonly string[]).includes(name));
    if (unknown.length > 0) throw new OptionsError(`--exclude-check: unknown ${unknown.join(', ')} (checks: ${CHECK_NAMES.join(', ')})`);
    excluded.excludeChecks = [...new Set(names)];
  }
  if (rules !== undefined) {
    const ids = list(rules);
    const known = new Set(contractRules(contract.document).map((rule) => rule.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new OptionsError(`--exclude-rule: the contract has no rule ${unknown.join(', ')} (its ids are in the rule coverage of every report)`);
    excluded.excludeRules = [...new Set(ids)];
  }
  return excluded;
}

/** Headers the suite sets itself: a --header may not replace them, or the checks would judge the wrong request. */
const RESERVED_HEADERS = ['authorization', 'content-type', 'content-length', 'content-encoding', 'transfer-encoding', 'host', 'accept'];

/** --header 'Name: value' (repeated), CONFORMANCE_HEADER (one per line) or `header` in --config (a list). */
function headersOf(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  const items = (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(/\r?\n/)).filter((item) => item.trim() !== '');
  const headers: Record<string, string> = {};
  for (const item of items) {
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/.exec(item);
    if (!match || !/^[\t\x20-\x7e]*$/.test(match[2]!)) throw new OptionsError(`--header must be 'Name: value' with a printable ASCII value, got "${item}"`);
    if (RESERVED_HEADERS.includes(match[1]!.toLowerCase())) throw new OptionsError(`--header cannot set ${match[1]}: the suite sets it on each request itself (the token goes in CONFORMANCE_TOKEN)`);
    headers[match[1]!] = match[2]!;
  }
  return Object.keys(headers).length > 0 ? headers : undefined;
}

/** A switch from its flag, its environment variable or its key in --config, in that order; `byDefault` unless set. */
function switchOf(program: Command, config: RawOptions, key: 'hostile' | 'overload', flagMeans: boolean, byDefault: boolean): boolean {
  if (program.getOptionValueSource(key) === 'cli') return flagMeans;
  const variable = `CONFORMANCE_${key.toUpperCase()}`;
  const fromEnv = process.env[variable];
  const value: unknown = fromEnv !== undefined && fromEnv !== '' ? fromEnv : config[key];
  if (value === undefined) return byDefault;
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(text)) return true;
  if (['false', '0', 'no', 'off'].includes(text)) return false;
  throw new OptionsError(`${variable} (or ${key} in --config) must be true or false, got "${String(value)}"`);
}

/**
 * The phases to run: --phases (or every phase but overload), with the hostile phase taken out by
 * --no-hostile and the overload phase added by --overload. A --phases that names a phase its switch
 * turns off is refused: the run could not do both.
 */
function selectedPhases(program: Command, config: RawOptions, given: unknown): Phase[] {
  let phases = phasesOf(given ?? DEFAULTS.phases);
  if (!switchOf(program, config, 'hostile', false, true)) {
    if (given !== undefined && phases.includes('hostile')) throw new OptionsError('--phases asks for the hostile phase that --no-hostile (or CONFORMANCE_HOSTILE=false) turns off');
    phases = phases.filter((phase) => phase !== 'hostile');
  }
  const overload = switchOf(program, config, 'overload', true, false);
  const overloadSet = program.getOptionValueSource('overload') === 'cli' || (process.env.CONFORMANCE_OVERLOAD ?? '') !== '' || config.overload !== undefined;
  if (overloadSet && !overload && phases.includes('overload')) throw new OptionsError('--phases asks for the overload phase that CONFORMANCE_OVERLOAD=false (or overload: false in --config) turns off');
  if (overload && !phases.includes('overload')) phases = [...phases, 'overload'];
  return phases;
}

/** --overload-concurrency and --overload-within, which mean something only when the overload phase runs. */
function overloadBoundsOf(phases: Phase[], concurrency: unknown, within: unknown): Pick<RunOptions, 'overloadConcurrency' | 'overloadWithinSeconds'> {
  if (!phases.includes('overload')) {
    const given = [concurrency !== undefined && '--overload-concurrency', within !== undefined && '--overload-within'].filter(Boolean);
    if (given.length > 0) throw new OptionsError(`${given.join(' and ')} set${given.length > 1 ? '' : 's'} a bound of the overload phase, which this run leaves out: add --overload (or overload to --phases)`);
    return {};
  }
  return {
    overloadConcurrency: number('overload-concurrency', concurrency ?? DEFAULTS.overloadConcurrency, { integer: true, min: 1 }),
    overloadWithinSeconds: number('overload-within', within ?? DEFAULTS.overloadWithin, { min: 1 }),
  };
}

function phasesOf(value: unknown): Phase[] {
  const phases = list(value);
  const unknown = phases.filter((phase) => !(PHASES as readonly string[]).includes(phase));
  if (unknown.length > 0 || phases.length === 0) throw new OptionsError(`--phases: unknown ${unknown.join(', ') || '(none given)'} (known: ${PHASES.join(', ')})`);
  return [...new Set(phases)] as Phase[];
}

/**
 * --replay and --failed: only the saved failures run, with the seed of the run that saved them, and the
 * rerun writes its reports to a directory of its own, so the reports of the run it reruns stay as they are.
 */
function replayFrom(options: RunOptions, id: string | undefined, scope: { phasesGiven: boolean; contract: ContractDocument }): void {
  try {
    const file = readFailuresFile(options.reportDir);
    checkRerunTarget(file, options.baseUrl, path.join(options.reportDir, FAILURES_FILE));
    const selection = filterRerun(rerunSelection(file, id, path.join(options.reportDir, FAILURES_FILE)), file, {
      include: options.include,
      phases: scope.phasesGiven ? options.phases : undefined,
      source: path.join(options.reportDir, FAILURES_FILE),
    });
    options.replay = selection.cases;
    options.rerunTests = selection.tests;
    options.rerunFiles = selection.files;
    options.seed = file.seed;
    options.rerunOf = options.reportDir;
    options.reportDir = path.join(options.reportDir, 'reruns', options.runId);
  } catch (error) {
    throw new OptionsError((error as Error).message);
  }
}

function newRunId(): string {
  return `${Date.now().toString(36)}${randomInt(36 * 36).toString(36).padStart(2, '0')}`;
}

export interface ResolvedOptions {
  options: RunOptions;
  contract: ContractDocument;
  /** Worth saying before the run starts (a token given as a flag). */
  warnings: string[];
}

/** A token on the command line lands in process lists, shell history and CI logs (npm echoes a script's line). */
function tokenFlagWarnings(program: Command): string[] {
  const given = (['token', 'token2'] as const).filter((name) => program.getOptionValueSource(name) === 'cli');
  if (given.length === 0) return [];
  const flags = given.map((name) => `--${name}`).join(' and ');
  const variables = given.map((name) => `CONFORMANCE_${name.toUpperCase()}`).join(' and ');
  return [`${flags} on the command line shows in process lists, shell history and CI logs; pass ${given.length > 1 ? 'them' : 'it'} in ${variables} instead.`];
}

/** Both missing are named together: a stranger's first run should not need two attempts to learn it. */
function requireTargetAndToken(baseUrl: unknown, token: unknown): void {
  const missing = [
    (baseUrl === undefined || baseUrl === '') && '--base-url (or CONFORMANCE_BASE_URL: the server URL the contract\'s paths are appended to, e.g. http://localhost:3000/api/v1)',
    (token === undefined || token === '') && '--token (give it in CONFORMANCE_TOKEN: an API token of a workspace of that server)',
  ].filter((item): item is string => typeof item === 'string');
  if (missing.length === 2) throw new OptionsError(`the target and its token are required: ${missing.join(' and ')}`);
  if (missing.length === 1) throw new OptionsError(`${missing[0]!.replace(/^(\S+) \(/, '$1 is required (')}`);
}

/** Reads flags from argv and environment variables from process.env (commander's own `.env()`). */
export function resolveOptions(argv: string[], cwd = process.cwd()): ResolvedOptions {
  const program = buildProgram();
  let help = '';
  program.configureOutput({ writeOut: (text) => (help += text), writeErr: () => undefined });
  try {
    program.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) throw new InformationShown(help);
      throw new OptionsError(error.message.replace(/^error: /, ''));
    }
    throw error;
  }

  const flags = program.opts() as RawOptions;
  const config = flags.config !== undefined ? readConfigFile(path.resolve(cwd, String(flags.config))) : {};
  const value = (key: ConfigKey): unknown => {
    const fromFlagsOrEnv = flags[key];
    return fromFlagsOrEnv !== undefined ? fromFlagsOrEnv : config[key];
  };

  const specPath = path.resolve(cwd, String(value('spec') ?? defaultSpecPath));
  let contract: ContractDocument;
  try {
    contract = loadContract(specPath);
  } catch (error) {
    throw new OptionsError((error as Error).message);
  }

  const profile = String(value('profile') ?? DEFAULTS.profile) as Profile;
  if (!PROFILES.includes(profile)) throw new OptionsError(`--profile must be one of ${PROFILES.join(', ')}, got "${profile}"`);
  const token = value('token');
  requireTargetAndToken(value('baseUrl'), token);
  const token2 = value('token2') === undefined || value('token2') === '' ? undefined : tokenOf('token2', value('token2'));
  if (token2 !== undefined && token2 === token) throw new OptionsError('--token2 must be a token of another workspace, not the same as --token');

  const reporters = list(value('reporter') ?? DEFAULTS.reporter);
  const unknownReporters = reporters.filter((name) => !REPORTER_NAMES.includes(name as ReporterName));
  if (unknownReporters.length > 0) throw new OptionsError(`--reporter: unknown ${unknownReporters.join(', ')} (known: ${REPORTER_NAMES.join(', ')})`);

  const runId = String(value('runId') ?? newRunId());
  if (!/^[a-z0-9]{1,16}$/.test(runId)) throw new OptionsError('--run-id must be 1 to 16 lowercase letters or digits (it becomes part of names and slugs)');

  const options: RunOptions = {
    baseUrl: baseUrlOf(value('baseUrl')),
    token: tokenOf('token', token),
    ...(headersOf(value('header')) ? { headers: headersOf(value('header')) } : {}),
    ...exclusionsOf(value('excludeCheck'), value('excludeRule'), contract),
    ...(value('knownFailures') !== undefined ? { knownFailures: knownFailuresOf(path.resolve(cwd, String(value('knownFailures')))) } : {}),
    token2,
    profile,
    include: includeOf(value('include'), contract),
    maxTimeSeconds: number('max-time', value('maxTime') ?? DEFAULTS.maxTime, { min: 1 }),
    seed: value('seed') === undefined ? randomInt(2 ** 31) : number('seed', value('seed'), { integer: true }),
    runId,
    reportDir: path.resolve(cwd, String(value('reportDir') ?? DEFAULTS.reportDir)),
    reporters: [...new Set(reporters)] as ReporterName[],
    fixtures: fixturesOf(typeof value('fixtures') === 'string' ? path.resolve(cwd, String(value('fixtures'))) : value('fixtures')),
    waitForServerSeconds: number('wait-for-server', value('waitForServer') ?? DEFAULTS.waitForServer),
    specPath,
    requestTimeoutSeconds: number('request-timeout', value('requestTimeout') ?? DEFAULTS.requestTimeout, { min: 1 }),
    deliveryTimeoutSeconds: number('delivery-timeout', value('deliveryTimeout') ?? DEFAULTS.deliveryTimeout, { min: 1 }),
    phases: selectedPhases(program, config, value('phases')),
    maxExamples: 0,
    ...(value('probeRateLimit') === true || value('probeRateLimit') === 'true' ? { probeRateLimit: true } : {}),
    hostile: switchOf(program, config, 'hostile', false, true),
    ...(value('disposableTarget') === true || value('disposableTarget') === 'true' ? { disposableTarget: true } : {}),
    responsiveWithinSeconds: number('responsive-within', value('responsiveWithin') ?? DEFAULTS.responsiveWithin, { min: 0.05 }),
  };
  Object.assign(options, overloadBoundsOf(options.phases!, value('overloadConcurrency'), value('overloadWithin')));
  const depth = String(value('depth') ?? DEFAULTS.depth) as Depth;
  if (!(depth in MAX_EXAMPLES)) throw new OptionsError(`--depth must be ci or deep, got "${depth}"`);
  options.maxExamples = value('maxExamples') === undefined ? MAX_EXAMPLES[depth] : number('max-examples', value('maxExamples'), { integer: true, min: 1 });
  if (value('maxRate') !== undefined) options.maxRate = number('max-rate', value('maxRate'), { min: 0.1 });
  if (value('modelTime') !== undefined) options.modelTimeSeconds = number('model-time', value('modelTime'), { min: 1 });
  if (options.seed > 2 ** 32 - 1) throw new OptionsError('--seed must be below 4294967296');
  if (flags.replay !== undefined || flags.failed !== undefined) {
    replayFrom(options, flags.replay === undefined ? undefined : String(flags.replay), { phasesGiven: value('phases') !== undefined || !options.hostile, contract });
  }
  return { options, contract, warnings: tokenFlagWarnings(program) };
}
