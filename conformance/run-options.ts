/**
 * The settings of one run, as the CLI resolves them and the suite receives them (through vitest's
 * `provide`/`inject`, so they must stay plain JSON).
 */
import type { Phase, SavedCase } from './cases/model.ts';
import type { Profile } from './checks/profile.ts';

export type ReporterName = 'console' | 'json' | 'junit' | 'html' | 'har';

/** `har` (the run's traffic) is not a default: it writes a line per request. */
export const REPORTER_NAMES: readonly ReporterName[] = ['console', 'json', 'junit', 'html', 'har'];

/**
 * Ids of existing resources: a page and a newsletter for a target that cannot create them (createPage is
 * core, createNewsletter is supporting), and the author the suite may change, since authors cannot be
 * created through the API.
 */
export interface FixtureIds {
  page_id?: number;
  newsletter_id?: number;
  /** An author the suite may update; without it, updateAuthor is only called with `{}`. */
  author_id?: number;
  /**
   * States only the service can make (unsubscribes, bounces, failed deliveries), which the suite cannot
   * reach through the API: a newsletter holding a `suppressed` subscriber and a `failed` email.
   */
  states_newsletter_id?: number;
  suppressed_subscriber_id?: number;
  failed_email_id?: number;
}

export const FIXTURE_KEYS = ['page_id', 'newsletter_id', 'author_id', 'states_newsletter_id', 'suppressed_subscriber_id', 'failed_email_id'] as const;

export interface RunOptions {
  /** The server URL without a trailing slash: the contract's paths are appended to it. */
  baseUrl: string;
  token: string;
  /** --header: extra request headers (a gateway's key), sent with every request and redacted like the token. */
  headers?: Record<string, string>;
  /** A token of a second workspace: turns the isolation checks on. */
  token2?: string;
  profile: Profile;
  /** operationIds to test; empty means every operation. */
  include: string[];
  /** --known-failures: a failures.json whose failures are reported as known and do not fail the run. */
  knownFailures?: string;
  /** --exclude-check: checks neither tested nor judged on any answer. */
  excludeChecks?: string[];
  /** --exclude-rule: rule ids whose tests and checks (those verifying only excluded rules) are left out. */
  excludeRules?: string[];
  maxTimeSeconds: number;
  seed: number;
  /** Part of every name the suite gives what it creates, so a run's resources are recognisable. */
  runId: string;
  reportDir: string;
  reporters: ReporterName[];
  fixtures: FixtureIds;
  waitForServerSeconds: number;
  specPath: string;
  requestTimeoutSeconds: number;
  /** How long a sent email may take to read `sent`. */
  deliveryTimeoutSeconds: number;
  /** The hand-written scenarios and the generated phases to run (see conformance/cases/); absent: all. */
  phases?: Phase[];
  /** Generated inputs per operation in the property phase (the other phases send each of theirs once); absent: 5. */
  maxExamples?: number;
  /** Set by --probe-rate-limit: only the rate-limit probe runs, since it spends the token's quota. */
  probeRateLimit?: boolean;
  /** Whether the hostile phase runs (`--no-hostile` turns it off); absent: on. */
  hostile?: boolean;
  /**
   * Set by --disposable-target: the target is a throwaway server, so the suite may also change what it
   * did not create (the workspace's author); absent: it changes only what it made.
   */
  disposableTarget?: boolean;
  /**
   * Set by --model-time: the time the model phase may take for its sequences; absent: its depth's bound
   * (model/run.ts). A slow or busy target runs fewer sequences within the default bound.
   */
  modelTimeSeconds?: number;
  /** The time a light request may take while a hostile one is in flight (stays_responsive); absent: 1. */
  responsiveWithinSeconds?: number;
  /** The overload phase's bound on requests in flight at once (--overload-concurrency); set when the phase runs. */
  overloadConcurrency?: number;
  /** The time each request of the overload phase may take to be answered (--overload-within); set when the phase runs. */
  overloadWithinSeconds?: number;
  /** --max-rate: requests per second the whole run may send at most; absent, no cap. */
  maxRate?: number;
  /** Set by the CLI: how many worker processes send requests, which share --max-rate. */
  workers?: number;
  /** Set by --replay or --failed: only these saved cases run, nothing else. */
  replay?: SavedCase[];
  /** Set by --replay or --failed: only these hand-written tests run (by name, `POST /pages > creates a page`). */
  rerunTests?: string[];
  /** The files of those tests, relative to the suite's root and without extension. */
  rerunFiles?: string[];
  /** Set by --replay or --failed: the report directory of the run being rerun, whose reports stay as they are. */
  rerunOf?: string;
}

/** Fixtures the suite's global setup creates once per run and shares with every test file. */
export interface SharedFixtures {
  pageId?: number;
  newsletterId?: number;
  /** An author of the workspace, for `author_id` fields; changed only when given in --fixtures. */
  authorId?: number;
  /** True when --fixtures named the author or --disposable-target was given, so the suite may update it. */
  authorWritable: boolean;
  /** A `suppressed` subscriber from --fixtures, as getSubscriber cannot read it: found by listSubscribers. */
  suppressedSubscriber?: { newsletterId: number; id: number; email: string };
  /** A `failed` email from --fixtures. */
  failedEmail?: { newsletterId: number; id: number };
  /** Why a fixture above is missing, by fixture name. */
  missing: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformanceOptions: RunOptions;
    conformanceFixtures: SharedFixtures;
  }
}
