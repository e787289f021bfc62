/**
 * What a generated test tells the reporter besides its verdicts: the case it ran (so a failure can be
 * saved and replayed), the statuses it saw and the parameters it sent (for coverage), its phase.
 * The object is given to the test's metadata when the test is declared and filled in as it runs.
 */
import type { GeneratedCase, GeneratedPhase } from './model.ts';

export interface CaseMeta {
  phase: GeneratedPhase;
  operationId: string;
  location: string;
  keywords: string[];
  /** The case as sent; for a property, the smallest failing input fast-check found. */
  case?: GeneratedCase;
  /** For a stateful sequence: its name, which replays it. */
  sequence?: string;
  statuses: number[];
  parameters: string[];
  /** Requests sent (a property sends many). */
  requests: number;
}

declare module 'vitest' {
  interface TaskMeta {
    conformanceCase?: CaseMeta;
  }
}

export function newCaseMeta(init: Omit<CaseMeta, 'statuses' | 'parameters' | 'requests'>): CaseMeta {
  return { ...init, statuses: [], parameters: [], requests: 0 };
}

export function noteExchange(meta: CaseMeta, status: number | undefined, parameters: string[]): void {
  meta.requests++;
  if (status !== undefined && !meta.statuses.includes(status)) meta.statuses.push(status);
  for (const parameter of parameters) if (!meta.parameters.includes(parameter)) meta.parameters.push(parameter);
}
