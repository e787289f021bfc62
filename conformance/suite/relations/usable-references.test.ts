/**
 * resources.author-of-workspace and author.inactive-keeps-work, over every operation whose body takes
 * an `author_id` (read from the contract): an author of the workspace is usable in every state the
 * contract gives authors, so an id of an inactive author is accepted like that of an active one. A
 * server that checks a reference against the resources an editor's picker shows (the active authors)
 * refuses it with a `422` the contract does not allow; a test that only ever names the active author it
 * was given never shows it.
 *
 * The states are read from the referenced resource's get (resource-states.ts); the shared author is
 * set inactive under its lock and restored, which needs --fixtures naming it or --disposable-target.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor, validBody } from '../requests.ts';
import { statesOf } from './resource-states.ts';

const { contract } = suiteContext();

/** The body fields that name another resource, with the get that reads what they name. */
const REFERENCED_BY: Record<string, string> = { author_id: 'getAuthor' };

function referenceFields(operation: OperationInfo): string[] {
  const media = jsonMedia(operation);
  if (!media) return [];
  const properties: Record<string, unknown> = constrainedBranch(contract, media.schema)?.properties ?? {};
  return Object.keys(properties).filter((field) => field in REFERENCED_BY);
}

const isCreate = (operation: OperationInfo) => operation.method.toLowerCase() === 'post';
const success = (operation: OperationInfo) => operation.responses.map((response) => Number(response.status)).find((status) => status >= 200 && status < 300);

for (const operation of contract.operations) {
  const fields = referenceFields(operation);
  if (fields.length === 0) continue;
  const rules = ['resources.author-of-workspace', 'author.inactive-keeps-work', 'requests.valid-input-accepted'];
  forOperation(operation.operationId, (test) => {
    for (const field of fields) {
      for (const state of statesOf(contract.operation(REFERENCED_BY[field]!))) {
        test(`accepts ${field} naming a resource with ${state.name}`, { check: 'positive_data_acceptance', rules, needs: ['state'] }, async (t: Kit) => {
          const ids = await pathIdsFor(t, operation);
          // A create sends the fields its schema requires besides; an update sends the reference alone.
          const rest = isCreate(operation) ? validBody(t, operation, 'minimal') : {};
          const expected = success(operation);
          await state.within(t, async (referenced) => {
            const { status, exchange } = await t.call(operation, { ids, body: { ...rest, [field]: referenced.id } });
            t.verify(status === expected, `${field} ${referenced.id}, a resource with ${state.name}, answered ${status ?? 'nothing'}; expected ${expected}`, { evidence: exchange });
          });
        });
      }
    }
  });
}
