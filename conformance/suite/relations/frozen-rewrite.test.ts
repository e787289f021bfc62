/**
 * email.only-draft-changes whatever the values: in a state where the contract refuses every change (an
 * email scheduled or sent), an update that repeats the values the resource already holds is refused
 * too, with the same 409. "Only a draft can be changed" judges the resource's state, not whether the
 * request would change anything: a server that checks the state only when a field differs answers 200
 * to a rewrite of the stored subject, which a test sending a new value never shows.
 *
 * Every update operation that declares a 409, for its resource in each state other than the one it is
 * created in that the suite can bring it into (child-states.ts: an email scheduled and sent). Each field
 * the update takes and the read shows is sent alone with its stored value, then all of them together.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { verifyConflictType } from '../conflicts.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { DELIVERY_TEST_TIMEOUT_MS, statesToReach } from './child-states.ts';
import { readResource, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

/** The fields of an update's body that are not write-only (a read shows them, so their stored value is known). */
function readableBodyFields(operationId: string): string[] {
  const media = jsonMedia(contract.operation(operationId));
  const properties = (media ? (constrainedBranch(contract, media.schema)?.properties ?? {}) : {}) as Record<string, object>;
  return Object.entries(properties)
    .filter(([, schema]) => (constrainedBranch(contract, schema) as { writeOnly?: boolean } | undefined)?.writeOnly !== true)
    .map(([field]) => field);
}

/** The get of the resource an update changes: the GET of the same path. */
const readerOf = (path: string) => contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === path);

for (const update of contract.operations.filter((candidate) => candidate.method === 'PATCH' && candidate.responses.some((response) => response.status === '409'))) {
  const reader = readerOf(update.path);
  const states = statesToReach(update);
  if (!reader || states.length === 0) continue;
  const fields = readableBodyFields(update.operationId);
  forOperation(
    update.operationId,
    (test) => {
      for (const state of states) {
        const title = `refuses with 409 an update that repeats the stored values, when the resource is ${state.name}`;
        const spec = { check: 'conflict_detection' as const, rules: ['email.only-draft-changes', 'resources.refused-write-changes-nothing'], needs: ['state' as const], timeoutMs: state.waitsForDelivery ? DELIVERY_TEST_TIMEOUT_MS : undefined };
        test(title, spec, async (t: Kit) => {
          const ids = await state.reach(t);
          const stored = await readResource(t, reader.operationId, ids);
          const shown = fields.filter((field) => field in stored);
          for (const named of [...shown.map((field) => [field]), ...(shown.length > 1 ? [shown] : [])]) {
            const body: Json = Object.fromEntries(named.map((field) => [field, stored[field]]));
            const { status, exchange } = await t.call(update, { ids, body });
            t.verify(status === 409, `${update.operationId} of a resource ${state.name}, repeating its stored ${JSON.stringify(body)}, answered ${status ?? 'nothing'}; expected 409: the state refuses every change, whatever its values`, { evidence: exchange });
            if (status === 409) verifyConflictType(t, exchange, 'email-not-draft', `an update of a ${state.name} email`);
          }
          const after = await readResource(t, reader.operationId, ids);
          t.verify(JSON.stringify(after) === JSON.stringify(stored), `after the refused rewrites, ${reader.operationId} shows ${JSON.stringify(after)}; it showed ${JSON.stringify(stored)}`, { check: 'failed_write_leaves_nothing' });
        });
      }
    },
    { concurrent: true },
  );
}
