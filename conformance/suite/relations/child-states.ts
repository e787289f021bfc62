/**
 * The states in which the wrong-parent test reaches a child: the one it is created in, and every other
 * value of its `status` that can change an answer of its operations. errors.precedence puts the `404`
 * for a resource the path names before the `409` for a resource's state, so through another parent a
 * child is a `404` whatever its state; a server that looks at the state first answers a `409` there
 * for a child in such a state only (a draft email, which no `409` concerns, is still a `404`).
 *
 * A state can change an answer only where an operation on the child declares a `409`, and only a
 * child whose schema has a `status` has states: in this contract the emails (`email-not-draft`,
 * `email-already-sent`). Categories declare a `409` for a taken slug but have no status; posts and
 * subscribers have a status that no `409` of theirs depends on, so they are reached as created. A child
 * the contract updates is also reached once updated (`updatedState`).
 */
import type { Email } from '../../../generated/openapi.d.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor, wellFormedCall, type PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';

const { contract, options } = suiteContext();

export interface ChildState {
  /** The value of the child's `status`, or `updated`. */
  name: string;
  /** Rules the state brings in besides the child's own (a state a 409 depends on: errors.precedence). */
  rules?: string[];
  /** A fresh child of the test's own in that state, named by the ids of the operation's path. */
  reach: (t: Kit) => Promise<PathIds>;
  /** Reaching the state waits for a delivery: the test may take up to --delivery-timeout longer. */
  waitsForDelivery?: boolean;
}

/** Room for a test that waits for a delivery: the wait itself (--delivery-timeout) and the test's own requests. */
export const DELIVERY_TEST_TIMEOUT_MS = Math.max(60_000, options.deliveryTimeoutSeconds * 1000 + 30_000);

/** A future time two days ahead, in whole seconds, as the contract's `scheduled_at` takes it. */
const twoDaysAhead = () => new Date(Math.floor(Date.now() / 1000) * 1000 + 2 * 86_400_000).toISOString();

async function send(t: Kit, email: Email, scheduledAt?: string) {
  return t.api.POST('/newsletters/{newsletter_id}/emails/{id}/send', {
    params: { path: { newsletter_id: email.newsletter_id, id: email.id } },
    body: scheduledAt ? { scheduled_at: scheduledAt } : {},
  });
}

async function scheduledEmail(t: Kit): Promise<PathIds> {
  const email = await new Resources(t).sendableEmail();
  const { data, response } = await send(t, email, twoDaysAhead());
  if (data?.status !== 'scheduled') t.notApplicable(`needs a scheduled email, but sendEmail with a future time answered ${response.status} ${data?.status ?? ''}`);
  return { newsletter_id: email.newsletter_id, id: email.id };
}

async function sentEmail(t: Kit): Promise<PathIds> {
  const email = await new Resources(t).sendableEmail();
  const { data, response } = await send(t, email);
  if (!data) t.notApplicable(`needs a sent email, but sendEmail answered ${response.status}`);
  const path = { newsletter_id: email.newsletter_id, id: email.id };
  const delivered = await t.poll(
    () => t.api.GET('/newsletters/{newsletter_id}/emails/{id}', { params: { path } }),
    (read) => read.data?.status === 'sent' || read.data?.status === 'failed',
    t.options.deliveryTimeoutSeconds * 1000,
  );
  if (delivered.data?.status !== 'sent') t.notApplicable(`needs a sent email, but it is ${delivered.data?.status ?? 'unreadable'} after ${t.options.deliveryTimeoutSeconds} s`);
  return path;
}

/**
 * How the suite brings a child into a state, by the tag of its operations and the state's value. The
 * state a child is created in needs none; `failed` has none, since no request makes a delivery fail.
 */
export const REACH: Record<string, Record<string, Omit<ChildState, 'name'>>> = {
  Emails: {
    scheduled: { reach: scheduledEmail },
    sent: { reach: sentEmail, waitsForDelivery: true },
  },
};

/** The path of the child an operation acts on: `/newsletters/{newsletter_id}/emails/{id}` for a send too. */
const childPath = (operation: OperationInfo) => operation.path.replace(/(\/\{id\}).*$/, '$1');

/** The values of the child's `status`, from the schema of its get's 200; none for a child without one. */
function statusValues(path: string): string[] {
  const reader = contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === path);
  const schema = reader?.responses.find((response) => response.status === '200')?.content[0];
  if (!schema) return [];
  const { node: resource, pointer } = contract.resolve(schema.schema, schema.schemaPointer);
  const status = resource?.properties?.status;
  if (!status) return [];
  const values: unknown = contract.resolve(status, `${pointer}/properties/status`).node?.enum;
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : [];
}

/** The states other than the created one in which the operation's child is reached too. */
export function statesToReach(operation: OperationInfo): ChildState[] {
  const path = childPath(operation);
  const family = contract.operations.filter((candidate) => candidate.path === path || candidate.path.startsWith(`${path}/`));
  if (!family.some((candidate) => candidate.responses.some((response) => response.status === '409'))) return [];
  const recipes = REACH[operation.tags[0] ?? ''] ?? {};
  return statusValues(path).flatMap((name) => (recipes[name] ? [{ name, rules: ['errors.precedence'], ...recipes[name] }] : []));
}

/**
 * The child after one update of it, where the contract updates such children (posts, categories,
 * emails): a server that files a changed child anew (an index or a cache rebuilt by id alone) answers
 * for it through any parent once it is changed, and only then.
 */
export function updatedState(operation: OperationInfo): ChildState[] {
  const updater = contract.operations.find((candidate) => candidate.method === 'PATCH' && candidate.path === childPath(operation));
  if (!updater) return [];
  return [
    {
      name: 'updated',
      reach: async (t) => {
        const ids = await pathIdsFor(t, operation);
        const { status } = await t.call(updater, wellFormedCall(t, updater, ids));
        if (status !== 200) t.notApplicable(`needs a child updated once, but ${updater.operationId} answered ${status ?? 'nothing'}`);
        return ids;
      },
    },
  ];
}
