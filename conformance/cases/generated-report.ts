/**
 * The generated cases' part of a run's report: tests and time per phase, and per operation the share of
 * parameters and schema keywords the generated cases exercised, so a low number is visible. (Statuses
 * are counted over every test, not only the generated ones: report/status-coverage.ts.) Computed from the contract (what exists) and the tests' metadata (what was exercised).
 */
import type { ContractDocument } from '../contract/document.ts';
import type { CaseMeta } from './case-meta.ts';
import { bodyKeywords, inputFields } from './fields.ts';
import { GENERATED_PHASES, type GeneratedPhase } from './model.ts';

export interface PhaseSummary {
  phase: GeneratedPhase;
  tests: number;
  passed: number;
  failed: number;
  notApplicable: number;
  requests: number;
  /** Summed test time (tests run side by side, so the phases together take less wall time). */
  durationMs: number;
}

export interface CoverageFigure {
  exercised: string[];
  missing: string[];
  /** Exercised share in percent; null when the operation documents none. */
  percent: number | null;
}

export interface OperationCoverage {
  operationId: string;
  parameters: CoverageFigure;
  keywords: CoverageFigure;
}

export interface GeneratedSection {
  phases: PhaseSummary[];
  coverage: OperationCoverage[];
  /** failures.json, when generated cases failed. */
  failuresFile?: string;
}

export interface GeneratedTest {
  meta: CaseMeta;
  state: 'passed' | 'failed' | 'not_applicable' | 'not_run';
  durationMs: number;
}

function figure(all: string[], exercised: Set<string>): CoverageFigure {
  const hit = all.filter((item) => exercised.has(item));
  return { exercised: hit, missing: all.filter((item) => !exercised.has(item)), percent: all.length === 0 ? null : Math.round((hit.length / all.length) * 100) };
}

export function buildGeneratedSection(contract: ContractDocument, tests: GeneratedTest[]): GeneratedSection | undefined {
  if (tests.length === 0) return undefined;
  const phases = new Map<GeneratedPhase, PhaseSummary>();
  for (const { meta, state, durationMs } of tests) {
    let summary = phases.get(meta.phase);
    if (!summary) phases.set(meta.phase, (summary = { phase: meta.phase, tests: 0, passed: 0, failed: 0, notApplicable: 0, requests: 0, durationMs: 0 }));
    summary.tests++;
    if (state === 'passed') summary.passed++;
    else if (state === 'failed') summary.failed++;
    else if (state === 'not_applicable') summary.notApplicable++;
    summary.requests += meta.requests;
    summary.durationMs += durationMs;
  }

  const operations = new Set(tests.map((test) => test.meta.operationId));
  const coverage = contract.operations
    .filter((operation) => operations.has(operation.operationId))
    .map((operation): OperationCoverage => {
      const ran = tests.filter((test) => test.meta.operationId === operation.operationId && test.meta.requests > 0);
      const parameters = new Set(ran.flatMap((test) => [...test.meta.parameters, ...(test.meta.location.startsWith('query.') || test.meta.location.startsWith('path.') ? [test.meta.location] : [])]));
      const keywordsAll = [
        ...inputFields(contract, operation).flatMap((field) => field.keywords.map((keyword) => `${field.location}:${keyword}`)),
        ...bodyKeywords(contract, operation).map((keyword) => `body:${keyword}`),
      ];
      const keywordsHit = new Set(ran.flatMap((test) => test.meta.keywords.map((keyword) => `${test.meta.location}:${keyword}`)));
      return {
        operationId: operation.operationId,
        parameters: figure(
          operation.parameters.filter((parameter) => parameter.in === 'query' || parameter.in === 'path').map((parameter) => `${parameter.in}.${parameter.name}`),
          parameters,
        ),
        keywords: figure(keywordsAll, keywordsHit),
      };
    });
  return { phases: GENERATED_PHASES.flatMap((phase) => (phases.has(phase) ? [phases.get(phase)!] : [])), coverage };
}
