/**
 * Declares generated cases as tests of the suite: one test per case, inside the operation's group, so
 * they are reported, counted and judged exactly like the hand-written tests.
 */
import { newCaseMeta } from '../../cases/case-meta.ts';
import type { GeneratedCase } from '../../cases/model.ts';
import { refusalRule, runCase } from '../../cases/run-case.ts';
import { hostileRules } from '../../cases/hostile-rules.ts';
import { hostileNeeds, runHostileCase } from '../../cases/run-hostile.ts';
import type { Sequence } from '../../cases/stateful.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';

/** The title a case's test carries: its id first, so a report line leads straight to `--replay <id>`. */
export function caseTitle(generated: GeneratedCase): string {
  return `[${generated.id}] ${generated.phase}: ${generated.title}`;
}

/**
 * The rules a refused case judges. A path id broken on its own (below its minimum, not a number) names
 * no resource, so its 422 also says the request judged on its own comes before the 404 of a resource
 * the path names (errors.precedence). A case with more invalid inputs than a 422 lists also judges
 * what its detail says (errors.count-beyond-list).
 */
function negativeRules(generated: GeneratedCase): string[] {
  if (generated.expect.kind === 'reject' && generated.expect.status === 415) return [refusalRule(generated)];
  const rules = [refusalRule(generated), 'errors.field-names', 'errors.only-present-causes', ...(generated.listed !== undefined ? ['errors.count-beyond-list'] : [])];
  return generated.location.startsWith('path.') ? [...rules, 'errors.precedence'] : rules;
}

export function registerCases(operationId: string, cases: GeneratedCase[]): void {
  const { contract, options } = suiteContext();
  const operation = contract.operation(operationId);
  if (cases.length === 0) return;
  // A hostile request may take its whole timeout, and is probed meanwhile.
  const hostileTimeoutMs = (options.requestTimeoutSeconds * 2 + 15) * 1000;
  forOperation(
    operationId,
    (test) => {
      for (const generated of cases) {
        const accept = generated.expect.kind === 'accept';
        const check = generated.check ?? (accept ? 'positive_data_acceptance' : 'negative_data_rejection');
        const hostile = generated.input.hostile;
        const rules = hostile ? hostileRules(hostile) : accept ? ['requests.valid-input-accepted'] : negativeRules(generated);
        const meta = newCaseMeta({ phase: generated.phase, operationId, location: generated.location, keywords: generated.keywords, case: generated });
        const spec = hostile ? { check, rules, needs: hostileNeeds(hostile), timeoutMs: hostileTimeoutMs } : { check, rules, needs: generated.needs };
        test(caseTitle(generated), { ...spec, meta: { conformanceCase: meta } }, async (t) => {
          await (hostile ? runHostileCase(t, operation, generated, meta) : runCase(t, operation, generated, meta));
        });
      }
    },
    // Hostile requests go one at a time, so the suite never piles them onto a target.
    { concurrent: !cases.some((generated) => generated.input.hostile) },
  );
}

/** A stateful sequence as one test of its operation's group; it needs a target that keeps state. */
export function registerSequence(sequence: Sequence): void {
  forOperation(sequence.operationId, (test) => {
    const meta = newCaseMeta({ phase: 'stateful', operationId: sequence.operationId, location: `sequence ${sequence.name}`, keywords: [], sequence: sequence.name });
    test(`[${sequence.name}] stateful: ${sequence.title}`, { check: sequence.check, rules: sequence.rules, needs: ['state'], meta: { conformanceCase: meta } }, (t) => sequence.run(t, meta));
  });
}
