/**
 * Proving several of the reference server's faults caught in one run of the suite, without letting one
 * fault prove another's catch.
 *
 * A batch holds faults of independent families (server/faults/families.ts: content, mail, authors,
 * images), each confined by the server to the requests of its own family (server/faults/confined.ts).
 * The run includes every batched fault's operations. A failure is evidence for fault F only when:
 *
 * - its check is one of F's `caughtBy` and its test is one of F's operations' tests;
 * - the test sent no request to a family where another fault of the batch is on (the report's
 *   `reached`), and none of the test's failures is about such a family's operation: what the test saw
 *   came from F's family and from families that meet the real server;
 * - it is not a lost answer or a test that could not complete, which any slow neighbour could cause.
 *
 * Families' data are apart by construction (no request of one family writes another's rows), so what
 * such a test saw can only differ from the real server's answers because of F. A fault whose cases
 * cannot be held to one family runs alone (`alone`), judged as before: any failure of its checks.
 */
import { readFileSync } from 'node:fs';
import { familiesIndependent, familyOfPath, type Family } from '../../server/faults/families.ts';
import type { FaultName } from '../../server/faults/catalog.ts';
import { CHECK_NAMES, CHECKS, rulesOfCheck, type CheckName } from '../checks/catalog.ts';
import type { RunReport } from '../report/model.ts';

export interface FaultCase {
  fault: FaultName;
  /** The operations whose tests show the fault. */
  include: string[];
  /** The checks of which at least one must fail. */
  caughtBy: string[];
  /** The contract rules the run must show broken. */
  breaks: string[];
  /** Why the fault is proven in a server and a run of its own, when it cannot share one. */
  alone?: string;
}

/** What batching needs to know of a case: the operations whose tests show it, and whether it must run alone. */
export interface Batchable {
  include: string[];
  alone?: string;
}

export interface FaultBatch<Case extends Batchable = FaultCase> {
  cases: Case[];
  /** Each case's family; empty for a case run alone. */
  families: Map<Case, Family>;
}

const contract = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};

/** Each operation's family, from its path in the contract. */
const FAMILY_OF_OPERATION = new Map<string, Family | undefined>(
  Object.entries(contract.paths).flatMap(([path, item]) =>
    Object.values(item)
      .filter((operation) => typeof operation === 'object' && operation?.operationId)
      .map((operation) => [operation.operationId!, familyOfPath(`/api/v1${path}`)] as const),
  ),
);

export function familyOfOperation(operationId: string): Family | undefined {
  return FAMILY_OF_OPERATION.get(operationId);
}

/** The family of a case's operations, when they have one and the same, and the case may share a server. */
function familyOfCase(fault: Batchable): Family | undefined {
  if (fault.alone) return undefined;
  const families = new Set(fault.include.map(familyOfOperation));
  const [family] = families;
  return families.size === 1 ? family : undefined;
}

/** The cases in batches: each batch one server and one run; a case of no family is a batch of its own. */
export function planBatches<Case extends Batchable>(cases: readonly Case[]): FaultBatch<Case>[] {
  const batches: FaultBatch<Case>[] = [];
  for (const fault of cases) {
    const family = familyOfCase(fault);
    const fits = family && batches.find((batch) => batch.families.size > 0 && [...batch.families.values()].every((other) => familiesIndependent(other, family)));
    if (family && fits) {
      fits.cases.push(fault);
      fits.families.set(fault, family);
    } else batches.push({ cases: [fault], families: family ? new Map([[fault, family]]) : new Map() });
  }
  return batches;
}

/**
 * The checks a batch's run can leave out (`--exclude-check`): every check no case of the batch is caught
 * by. Only failures of a case's own `caughtBy` count as its evidence (evidenceFor), so the tests of the
 * other checks decide nothing in such a run and only cost it their requests. A response-level check is
 * judged on the answers of every test, whatever the test decides, so a batch with a case caught by one
 * keeps every test; the response-level checks themselves are never left out.
 */
export function checksNoCaseNeeds(batch: FaultBatch<Batchable & { caughtBy: readonly string[] }>): CheckName[] {
  const needed = new Set(batch.cases.flatMap((fault) => fault.caughtBy));
  const isResponseLevel = (check: string) => CHECKS[check as CheckName]?.group === 'response';
  if ([...needed].some(isResponseLevel)) return [];
  return CHECK_NAMES.filter((check) => !isResponseLevel(check) && !needed.has(check));
}

/**
 * Whether a batch's run shows every case caught as the case says (a failure of one of its `caughtBy`
 * checks that counts for it, and every rule of its `breaks` shown broken). A run that left checks out
 * can miss a case a test of a left-out check would have shown: a test records failures under the check
 * each of its verifications names, which need not be the check it is declared for (an email's create
 * test records `crud_agreement`). Such a batch is run again whole, as it was before checks were left out.
 */
export function showsEveryCase<Case extends Batchable & { caughtBy: readonly string[]; breaks: readonly string[] }>(batch: FaultBatch<Case>, report: RunReport): boolean {
  return batch.cases.every((fault) => {
    const { failedChecks, brokenRules } = evidenceFor(fault, batch, report);
    return failedChecks.some((check) => fault.caughtBy.includes(check)) && fault.breaks.every((rule) => brokenRules.includes(rule));
  });
}

/** A failure that any slow or failing neighbour could cause, whoever is at fault. */
const TRANSPORT_FAILURE = /^(no response|the test could not complete)/;

export interface Evidence {
  /** The checks that failed in the tests that count as evidence for the case. */
  failedChecks: string[];
  /** The contract rules those tests show broken. */
  brokenRules: string[];
}

/** What a batch's run shows about one of its cases (a case run alone: the whole run). */
export function evidenceFor<Case extends Batchable>(fault: Case, batch: FaultBatch<Case>, report: RunReport): Evidence {
  if (batch.cases.length === 1) {
    return {
      failedChecks: [...new Set(report.failures.map((failure) => failure.check))].sort(),
      brokenRules: report.ruleCoverage.rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id),
    };
  }
  const elsewhere = new Set([...batch.families].filter(([other]) => other !== fault).map(([, family]) => family));
  const touchesElsewhere = (operationId: string) => {
    const family = familyOfOperation(operationId);
    return family !== undefined && elsewhere.has(family);
  };
  const failuresOf = new Map<string, RunReport['failures']>();
  for (const failure of report.failures) failuresOf.set(failure.test, [...(failuresOf.get(failure.test) ?? []), failure]);
  const counted = report.tests.filter((test) => {
    const failures = failuresOf.get(test.name) ?? [];
    return (
      fault.include.includes(test.operation) &&
      failures.length > 0 &&
      !(test.reached ?? []).some(touchesElsewhere) &&
      !failures.some((failure) => touchesElsewhere(failure.operation) || TRANSPORT_FAILURE.test(failure.reason))
    );
  });
  const failures = counted.flatMap((test) => failuresOf.get(test.name) ?? []);
  // A rule shown broken by these failures: one whose check failed in a counted test, as the test that
  // declares the rule or as a response-level check recorded on the test's exchanges.
  const brokenRules = report.ruleCoverage.rules
    .filter((rule) =>
      failures.some((failure) =>
        // A failure that names the rules it shows broken counts for those alone, as in rule coverage.
        failure.rules
          ? failure.rules.includes(rule.id)
          : rulesOfCheck(failure.check).includes(rule.id) || rule.tests.some((test) => test.name === failure.test && test.state === 'failed'),
      ),
    )
    .map((rule) => rule.id);
  return { failedChecks: [...new Set(failures.map((failure) => failure.check))].sort(), brokenRules: brokenRules.sort() };
}
