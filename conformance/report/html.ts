/**
 * The report a person opens: the conformance score, the operations x checks matrix (pass, fail, not
 * applicable with its reason), then every failure with its rule, curl line and response. One file, no
 * scripts or external assets, so it can be attached to a CI run and opened anywhere.
 */
import type { CoverageFigure, GeneratedSection } from '../cases/generated-report.ts';
import { groupFailures } from './failure-groups.ts';
import { headlineOf, type ReportedFailure, type RunReport } from './model.ts';
import type { RuleCoverageSection, RuleStatus } from './rule-coverage.ts';
import type { StatusCoverageSection } from './status-coverage.ts';

const RULE_LABEL: Record<RuleStatus, string> = {
  passed: '✓ checked, passed',
  failed: '✗ checked, failed',
  not_applicable: 'n/a on this target',
  not_run: 'not run',
  gap: 'UNCHECKED',
  not_checkable: 'not checkable from outside',
};

/** Every rule of the contract, what covers it and its result; gaps and unverifiable rules say why. */
function formatRulesHtml(section: RuleCoverageSection): string {
  const c = section.counts;
  const rows = section.rules
    .map((rule) => {
      const tests = rule.tests.length
        ? `<details><summary>${rule.tests.length} tests</summary><ul>${rule.tests.map((test) => `<li class="${test.state}">${escapeHtml(test.state.replace('_', ' '))}: ${escapeHtml(test.name)}</li>`).join('')}</ul></details>`
        : '';
      const exchanges = rule.exchanges.passed + rule.exchanges.failed > 0 ? `<div>${rule.exchanges.passed + rule.exchanges.failed} responses judged (${rule.exchanges.failed} failed)</div>` : '';
      return `<tr class="rule-${rule.status}" id="rule-${escapeHtml(rule.id)}"><td><code>${escapeHtml(rule.id)}</code><br><small>${escapeHtml(rule.where)}</small></td><td>${escapeHtml(rule.rule)}</td><td class="rule-status">${RULE_LABEL[rule.status]}${rule.reason ? `<div><small>${escapeHtml(rule.reason)}</small></div>` : ''}</td><td>${escapeHtml(rule.checks.join(', '))}${exchanges}</td><td>${tests}</td></tr>`;
    })
    .join('\n');
  const unknown = section.unknown.length
    ? `<p><strong>Tests declaring rules the contract does not have:</strong></p><ul>${section.unknown.map(({ test, rule }) => `<li>${escapeHtml(test)}: <code>${escapeHtml(rule)}</code></li>`).join('')}</ul>`
    : '';
  return `<h2>Rule coverage</h2>
<p>Every rule of the contract (its <code>x-rules</code>): ${c.passed} checked and passed, ${c.failed} failed, ${c.not_applicable} not applicable, ${c.not_run} not run, <strong>${c.gap} unchecked</strong>, ${c.not_checkable} not checkable from outside (with the reason).</p>
${unknown}
<table class="rules"><thead><tr><th>rule</th><th>says</th><th>result</th><th>checks</th><th>tests</th></tr></thead><tbody>
${rows}
</tbody></table>`;
}

/** Every operation of the run with each declared status: answered (how often), not provoked on purpose (why, on hover), or unexercised. */
function formatStatusesHtml(section: StatusCoverageSection): string {
  const c = section.counts;
  const rows = section.operations
    .map((operation) => {
      const cells = operation.statuses
        .map((status) => {
          if (status.state === 'exercised') return `<span class="status-exercised" title="${status.answers} answers">${escapeHtml(status.status)} ×${status.answers}</span>`;
          if (status.state === 'not_exercised') return `<span class="status-not_exercised" title="${escapeHtml(`not provoked: ${status.reason ?? ''}`)}">${escapeHtml(status.status)}</span>`;
          return `<span class="status-gap" title="no answer of any test had this status">${escapeHtml(status.status)} UNEXERCISED</span>`;
        })
        .join(' ');
      const undeclared = operation.undeclared.length ? `<div><small>undeclared: ${operation.undeclared.map((status) => `${status.status} ×${status.answers}`).join(', ')}</small></div>` : '';
      return `<tr><td>${escapeHtml(`${operation.method} ${operation.path}`)} <small>${escapeHtml(operation.operationId)}</small></td><td>${operation.percent === null ? '–' : `${operation.percent}%`}</td><td>${cells}${undeclared}</td></tr>`;
    })
    .join('\n');
  return `<h2>Status coverage</h2>
<p>Every status each operation declares, counted over every answer of every test: ${c.exercised} of ${c.declared} answered, ${c.notExercised} not provoked on purpose (hover for why), <strong>${c.gap} unexercised</strong>.</p>
<table class="statuses"><thead><tr><th>operation</th><th>answered</th><th>declared statuses</th></tr></thead><tbody>
${rows}
</tbody></table>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem; color: #1d2228; }
h1 { margin-bottom: .2rem; } .meta { color: #5b6470; margin-top: 0; }
.score { font-size: 2.2rem; font-weight: 700; } .score.bad { color: #b42318; } .score.good { color: #067647; }
table.matrix { border-collapse: collapse; margin: 1rem 0 2rem; }
.matrix th, .matrix td { border: 1px solid #d0d5dd; padding: 2px 4px; text-align: center; }
.matrix th.check { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: 500; white-space: nowrap; padding: 6px 2px; }
.matrix th.operation { text-align: left; white-space: nowrap; font-weight: 500; }
.matrix td.passed { background: #d1fadf; } .matrix td.failed { background: #fecdca; font-weight: 700; }
.matrix td.not_applicable { background: #f2f4f7; color: #667085; font-size: 11px; }
.matrix td a { color: inherit; text-decoration: none; }
.core { font-size: 10px; background: #1d2939; color: white; border-radius: 3px; padding: 0 3px; margin-left: 4px; }
.failure { border-left: 4px solid #b42318; padding: .2rem 1rem; margin: 1rem 0; background: #fffbfa; }
.failure h3 { margin: .3rem 0; font-size: 15px; }
pre { background: #f2f4f7; padding: .5rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; font-size: 12px; }
table.rules { border-collapse: collapse; margin: 1rem 0 2rem; } .rules td, .rules th { border: 1px solid #d0d5dd; padding: 3px 6px; vertical-align: top; text-align: left; }
.rules tr.rule-passed .rule-status { background: #d1fadf; } .rules tr.rule-failed .rule-status { background: #fecdca; font-weight: 700; }
.rules tr.rule-gap .rule-status { background: #fef0c7; font-weight: 700; } .rules tr.rule-not_checkable .rule-status, .rules tr.rule-not_applicable .rule-status { background: #f2f4f7; }
.rules li.failed { color: #b42318; font-weight: 600; }
table.statuses { border-collapse: collapse; margin: 1rem 0 2rem; } .statuses td, .statuses th { border: 1px solid #d0d5dd; padding: 3px 6px; text-align: left; }
.statuses span { display: inline-block; padding: 0 4px; margin: 1px; border-radius: 3px; } .status-exercised { background: #d1fadf; }
.status-not_exercised { background: #f2f4f7; color: #667085; } .status-gap { background: #fef0c7; font-weight: 700; }
dt { font-weight: 600; } dd { margin: 0 0 .4rem 0; }
.legend span { display: inline-block; padding: 0 6px; margin-right: 6px; border: 1px solid #d0d5dd; }
`;

function formatCoverageHtml(section: GeneratedSection): string {
  const cell = (figure: CoverageFigure) =>
    `<td title="${escapeHtml(figure.missing.length ? `not exercised: ${figure.missing.join(', ')}` : 'all exercised')}">${figure.percent === null ? '–' : `${figure.percent}%`}</td>`;
  const phases = section.phases
    .map((phase) => `<tr><td>${phase.phase}</td><td>${phase.tests}</td><td>${phase.requests}</td><td>${phase.passed}</td><td>${phase.failed}</td><td>${phase.notApplicable}</td><td>${(phase.durationMs / 1000).toFixed(1)} s</td></tr>`)
    .join('\n');
  const rows = section.coverage.map((c) => `<tr><td>${escapeHtml(c.operationId)}</td>${cell(c.parameters)}${cell(c.keywords)}</tr>`).join('\n');
  return `<h2>Generated cases</h2>
<table><tr><th>phase</th><th>tests</th><th>requests</th><th>passed</th><th>failed</th><th>n/a</th><th>test time</th></tr>
${phases}</table>
<h3>Coverage by the generated cases (hover for what was not exercised)</h3>
<table><tr><th>operation</th><th>parameters</th><th>schema keywords</th></tr>
${rows}</table>`;
}

/** The causes of failure with their counts, above the cards. */
function formatGroupsHtml(report: RunReport): string {
  const groups = groupFailures(report);
  if (groups.length === 0) return '';
  const rows = groups
    .map((group) => `<tr><td>${group.tests}</td><td>${escapeHtml(group.check)}</td><td>${group.rules.map((rule) => `<code>${escapeHtml(rule)}</code>`).join(' ')}</td><td>${escapeHtml(group.kind)}</td><td>${escapeHtml(group.operations.join(', '))}</td><td>${escapeHtml(group.example.reason)}</td></tr>`)
    .join('\n');
  return `<table><tr><th>tests</th><th>check</th><th>rules</th><th>input</th><th>operations</th><th>for example</th></tr>\n${rows}</table>`;
}

export function formatHtmlReport(report: RunReport): string {
  const { target, run, summary } = report;
  const checks = report.checks.filter((check) => report.operations.some((operation) => report.matrix[operation.operationId]?.[check.name]));
  // One card per request of a test: the checks that failed on the same request share it.
  const cards: ReportedFailure[][] = [];
  const cardOf = new Map<string, number>();
  for (const failure of report.failures) {
    const key = `${failure.test}|${failure.evidence?.curl ?? failure.reason}`;
    const index = cardOf.get(key);
    if (index === undefined) {
      cardOf.set(key, cards.length);
      cards.push([failure]);
    } else cards[index]!.push(failure);
  }
  const firstFailure = new Map<string, number>();
  cards.forEach((card, index) => {
    for (const failure of card) {
      const key = `${failure.operation} ${failure.check}`;
      if (!firstFailure.has(key)) firstFailure.set(key, index);
    }
  });
  const rulesOf = new Map(report.tests.map((test) => [test.name, test.rules]));

  const header = checks.map((check) => `<th class="check" title="${escapeHtml(check.rule)}">${escapeHtml(check.name)}</th>`).join('');
  const rows = report.operations
    .map((operation) => {
      const cells = checks
        .map((check) => {
          const cell = report.matrix[operation.operationId]?.[check.name];
          if (!cell) return '<td></td>';
          if (cell.status === 'failed') {
            const index = firstFailure.get(`${operation.operationId} ${check.name}`);
            return `<td class="failed" title="${cell.failed} failed, ${cell.passed} passed"><a href="#failure-${index}">✗ ${cell.failed}</a></td>`;
          }
          if (cell.status === 'passed') return `<td class="passed" title="${cell.passed} passed">✓</td>`;
          return `<td class="not_applicable" title="${escapeHtml(cell.reasons.join('\n'))}">n/a</td>`;
        })
        .join('');
      const core = operation.core ? '<span class="core">core</span>' : '';
      return `<tr><th class="operation">${escapeHtml(`${operation.method} ${operation.path}`)} <small>${escapeHtml(operation.operationId)}</small>${core}</th>${cells}</tr>`;
    })
    .join('\n');

  const failures = cards
    .map((card, index) => {
      const failure = card[0]!;
      const evidence = failure.evidence;
      const response = evidence?.response
        ? `<dt>Response</dt><dd><pre>${escapeHtml(
            `HTTP ${evidence.response.status} (${evidence.response.durationMs} ms)\n${Object.entries(evidence.response.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join('\n')}\n\n${evidence.response.body}`,
          )}</pre></dd>`
        : '';
      const declared = rulesOf.get(failure.test) ?? [];
      return `<section class="failure" id="failure-${index}">
<h3>${escapeHtml(failure.operation)} · ${escapeHtml(card.map((item) => item.check).join(', '))}</h3>
<dl><dt>Test</dt><dd>${escapeHtml(failure.test)}</dd>
${declared.length ? `<dt>Rules the test verifies</dt><dd>${declared.map((rule) => `<code>${escapeHtml(rule)}</code>`).join(' ')}</dd>` : ''}
${card.map((item) => `<dt>${escapeHtml(item.check)}: why it failed</dt><dd>${escapeHtml(item.reason)}</dd>
<dt>Check's rule</dt><dd>${escapeHtml(item.rule)}</dd>`).join('\n')}
${evidence ? `<dt>Reproduce</dt><dd><pre>${escapeHtml(evidence.curl)}</pre></dd>` : ''}
${evidence?.script ? `<dt>Every request of the test</dt><dd><pre>${escapeHtml(evidence.script)}</pre></dd>` : ''}
${failure.replay ? `<dt>Run it again</dt><dd><code>--replay ${escapeHtml(failure.replay)}</code></dd>` : ''}
${response}
${evidence?.error ? `<dt>No response</dt><dd>${escapeHtml(evidence.error)}</dd>` : ''}</dl></section>`;
    })
    .join('\n');

  const reasons = new Map<string, string[]>();
  for (const item of report.notApplicable) reasons.set(item.reason, [...(reasons.get(item.reason) ?? []), item.test]);
  const notApplicable = [...reasons.entries()]
    .map(([reason, tests]) => `<li><strong>${escapeHtml(reason)}</strong> (${tests.length})<details><summary>tests</summary><ul>${tests.map((test) => `<li>${escapeHtml(test)}</li>`).join('')}</ul></details></li>`)
    .join('\n');

  const scoreClass = summary.score === 100 ? 'good' : 'bad';
  const scoreText = summary.score === null ? 'no applicable checks' : `${summary.score}%`;
  const t = summary.tests;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance report: ${escapeHtml(target.baseUrl)}</title><style>${STYLE}</style></head>
<body>
<h1>Conformance report: ${headlineOf(report)}</h1>
<p class="meta">${report.suite ? `${escapeHtml(report.suite.name)} ${escapeHtml(report.suite.version)} · ` : ''}${escapeHtml(target.baseUrl)} against ${escapeHtml(target.spec)} (contract ${escapeHtml(target.contractVersion)}) · profile <strong>${escapeHtml(target.profile)}</strong> · seed ${run.seed} · run id ${escapeHtml(run.runId)} · ${escapeHtml(run.startedAt)} · ${(run.durationMs / 1000).toFixed(1)} s</p>
<p><span class="score ${scoreClass}">${scoreText}</span> of applicable operation × check cells pass
(${summary.cells.passed} pass, ${summary.cells.failed} fail, ${summary.cells.notApplicable} not applicable) ·
${t.total} tests: ${t.passed} passed, ${t.failed} failed, ${t.notApplicable} not applicable${t.notRun ? `, ${t.notRun} not run` : ''}</p>
${run.timeLimitReached ? `<p><strong>Stopped by --max-time: ${t.notRun} tests${run.filesNotRun?.length ? ` and ${run.filesNotRun.length} test files` : ''} did not run; the verdict is incomplete.</strong></p>` : ''}
<h2>Operations × checks</h2>
<p class="legend"><span style="background:#d1fadf">✓ pass</span><span style="background:#fecdca">✗ fail (count; click for the first)</span><span style="background:#f2f4f7">n/a: hover for the reason</span><span>blank: not exercised</span></p>
<table class="matrix"><thead><tr><th></th>${header}</tr></thead><tbody>
${rows}
</tbody></table>
${report.ruleCoverage.rules.length || report.ruleCoverage.unknown.length ? formatRulesHtml(report.ruleCoverage) : ''}
${report.statusCoverage?.operations.length ? formatStatusesHtml(report.statusCoverage) : ''}
${report.generated ? formatCoverageHtml(report.generated) : ''}
<h2>Failures: ${t.failed} failed tests</h2>
${formatGroupsHtml(report)}
${failures || '<p>None.</p>'}
<h2>Not applicable</h2>
${notApplicable ? `<ul>${notApplicable}</ul>` : '<p>Every test applied.</p>'}
${report.leftBehind.length ? `<h2>Left behind</h2><ul>${report.leftBehind.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''}
${report.errors.length ? `<h2>Errors outside the tests</h2><pre>${escapeHtml(report.errors.join('\n\n'))}</pre>` : ''}
<h2>Checks</h2>
<dl>${report.checks.map((check) => `<dt>${escapeHtml(check.name)}</dt><dd>${escapeHtml(check.rule)}</dd>`).join('\n')}</dl>
</body></html>
`;
}
