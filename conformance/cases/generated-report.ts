/**
 * The generated cases' part of a run's report: tests and time per phase, and per operation the share of
 * documented status codes, parameters and schema keywords the generated cases exercised, so a low number
 * is visible. Computed from the contract (what exists) and the tests' metadata (what was exercised).
 */
import type { ContractDocument } from '../contract/document.ts';
import type { CaseMeta } from './case-meta.ts';
import { bodyKeywords, inputFields } from './fields.ts';
import type { GeneratedPhase } from './model.ts';

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
  statuses: CoverageFigure;
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
      const statuses = new Set(ran.flatMap((test) => test.meta.statuses.map(String)));
      // A declared range or default (`4XX`, `default`) counts as exercised by any status it covers.
      const declared = operation.responses.map((response) => response.status);
      const exercisedStatuses = new Set(declared.filter((status) => [...statuses].some((seen) => seen === status || (/^\dXX$/i.test(status) && seen[0] === status[0]))));
      const parameters = new Set(ran.flatMap((test) => [...test.meta.parameters, ...(test.meta.location.startsWith('query.') || test.meta.location.startsWith('path.') ? [test.meta.location] : [])]));
      const keywordsAll = [
        ...inputFields(contract, operation).flatMap((field) => field.keywords.map((keyword) => `${field.location}:${keyword}`)),
        ...bodyKeywords(contract, operation).map((keyword) => `body:${keyword}`),
      ];
      const keywordsHit = new Set(ran.flatMap((test) => test.meta.keywords.map((keyword) => `${test.meta.location}:${keyword}`)));
      return {
        operationId: operation.operationId,
        statuses: figure(declared, exercisedStatuses),
        parameters: figure(
          operation.parameters.filter((parameter) => parameter.in === 'query' || parameter.in === 'path').map((parameter) => `${parameter.in}.${parameter.name}`),
          parameters,
        ),
        keywords: figure(keywordsAll, keywordsHit),
      };
    });
  const order: GeneratedPhase[] = ['examples', 'boundaries', 'negative', 'property', 'stateful'];
  return { phases: order.flatMap((phase) => (phases.has(phase) ? [phases.get(phase)!] : [])), coverage };
}

export function formatPhaseLines(section: GeneratedSection): string[] {
  const lines = ['Generated cases:'];
  for (const phase of section.phases) {
    lines.push(
      `  ${phase.phase.padEnd(11)} ${String(phase.tests).padStart(5)} tests, ${String(phase.requests).padStart(5)} requests: ${phase.passed} passed, ${phase.failed} failed, ${phase.notApplicable} n/a · ${(phase.durationMs / 1000).toFixed(1)} s of test time`,
    );
  }
  const average = (pick: (coverage: OperationCoverage) => number | null) => {
    const values = section.coverage.map(pick).filter((value): value is number => value !== null);
    return values.length ? `${Math.round(values.reduce((sum, value) => sum + value, 0) / values.length)}%` : 'n/a';
  };
  lines.push(`  coverage per operation, on average: statuses ${average((c) => c.statuses.percent)}, parameters ${average((c) => c.parameters.percent)}, schema keywords ${average((c) => c.keywords.percent)} (details in report.json and report.html)`);
  if (section.failuresFile) lines.push(`  failures saved in ${section.failuresFile}: rerun one with --replay <id>, all with --failed`);
  return lines;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function formatCoverageHtml(section: GeneratedSection): string {
  const cell = (figure: CoverageFigure) =>
    `<td title="${escapeHtml(figure.missing.length ? `not exercised: ${figure.missing.join(', ')}` : 'all exercised')}">${figure.percent === null ? '–' : `${figure.percent}%`}</td>`;
  const phases = section.phases
    .map((phase) => `<tr><td>${phase.phase}</td><td>${phase.tests}</td><td>${phase.requests}</td><td>${phase.passed}</td><td>${phase.failed}</td><td>${phase.notApplicable}</td><td>${(phase.durationMs / 1000).toFixed(1)} s</td></tr>`)
    .join('\n');
  const rows = section.coverage.map((c) => `<tr><td>${escapeHtml(c.operationId)}</td>${cell(c.statuses)}${cell(c.parameters)}${cell(c.keywords)}</tr>`).join('\n');
  return `<h2>Generated cases</h2>
<table><tr><th>phase</th><th>tests</th><th>requests</th><th>passed</th><th>failed</th><th>n/a</th><th>test time</th></tr>
${phases}</table>
<h3>Coverage by the generated cases (hover for what was not exercised)</h3>
<table><tr><th>operation</th><th>documented statuses</th><th>parameters</th><th>schema keywords</th></tr>
${rows}</table>`;
}
