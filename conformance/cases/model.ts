/**
 * Generated cases: requests derived from the contract itself, one rule of the schema each, judged with
 * the same named checks and the same response validator as the hand-written scenarios.
 *
 * A case is plain JSON on purpose: it travels in vitest's task metadata to the reporter, is saved in
 * failures.json, and is read back by `--replay` to send exactly the same request again.
 */
import { hashString } from '../generate/random.ts';
import type { CheckName } from '../checks/catalog.ts';
import type { Need } from '../checks/profile.ts';
import type { HostileInput } from './hostile-inputs.ts';

/** The hand-written scenarios are a phase too, so `--phases` can run generated cases alone. */
export const PHASES = ['scenarios', 'examples', 'boundaries', 'negative', 'property', 'stateful', 'model', 'hostile', 'overload'] as const;
export type Phase = (typeof PHASES)[number];
/**
 * What a run without --phases runs: every phase but overload, which sends many of the largest requests
 * at once and is too heavy for a shared target unless asked for (`--overload`, or `--phases overload`).
 */
export const DEFAULT_PHASES: readonly Phase[] = PHASES.filter((phase) => phase !== 'overload');
/** Phases of generated cases; overload is hand-written load, not cases (conformance/cases/overload.ts). */
export type GeneratedPhase = Exclude<Phase, 'scenarios' | 'overload'>;
export const GENERATED_PHASES: readonly GeneratedPhase[] = ['examples', 'boundaries', 'negative', 'property', 'stateful', 'model', 'hostile'];

/**
 * What a case sends besides valid path ids: values are the raw JSON of the body and the raw text of
 * query and path parameters, so a mutation can put anything anywhere.
 */
export interface CaseInput {
  /** Query parameters, as sent. */
  query?: Record<string, string>;
  /** A path parameter replaced by this raw text (only negative cases: the ids are otherwise real). */
  path?: Record<string, string>;
  /** The JSON body; absent sends none. */
  body?: unknown;
  /** A body sent as this text instead of `body` (wrong content type). */
  rawBody?: { text: string; contentType: string };
  /** A hostile input (phase hostile): what to send, made into bytes only when sent (see hostile-requests.ts). */
  hostile?: HostileInput;
}

/**
 * accept: the declared success status; reject: the status given (a 4xx, or one of `also`), with a
 * problem body; accept_or_reject: either the success status or the refusal given (pathological Markdown
 * may be rendered or refused, but never answered 5xx or late).
 */
export type Expectation = { kind: 'accept' } | { kind: 'reject'; status: number; also?: number[] } | { kind: 'accept_or_reject'; status: number };

export interface GeneratedCase {
  /** Stable across runs of the same contract: the hash of operation, phase and title. */
  id: string;
  phase: GeneratedPhase;
  operationId: string;
  /** Reads like the rule it exercises: "body.name at its maxLength 255". */
  title: string;
  /** Where the case varies the input: `body.name`, `query.size`, `path.id`, `body`, `content-type`. */
  location: string;
  /** The schema keywords it exercises at that location, for the coverage report. */
  keywords: string[];
  /**
   * Every input the case breaks, when it breaks more than one at once (`location` is then where they
   * sit, `body`): a 422 must name each of them, not the first found.
   */
  causes?: string[];
  /**
   * The most errors a 422 lists (the contract's bound), when the case breaks more inputs than that: the
   * 422 then lists exactly this many of `causes` and says in `detail` how many there were.
   */
  listed?: number;
  expect: Expectation;
  input: CaseInput;
  /**
   * The rule a refusal judges, when it is a rule of the contract beside the schema (a limit of Markdown,
   * markdown.limits) rather than requests.schema-validation.
   */
  rule?: string;
  /** The check the case decides, when it is not the one its expectation implies (see register.ts). */
  check?: CheckName;
  /** What the target must do for the case to apply (checks/profile.ts); the mock ignores unknown query parameters. */
  needs?: Need[];
}

export function caseId(operationId: string, phase: GeneratedPhase, title: string): string {
  return `${phase.slice(0, 3)}-${hashString(`${operationId}|${phase}|${title}`).toString(36)}`;
}

export function makeCase(spec: Omit<GeneratedCase, 'id'>): GeneratedCase {
  return { id: caseId(spec.operationId, spec.phase, spec.title), ...spec };
}

/** A case as the failures file keeps it, to be sent again by `--replay` or `--failed`. */
export interface SavedCase {
  phase: GeneratedPhase;
  operationId: string;
  case?: GeneratedCase;
  sequence?: string;
}
