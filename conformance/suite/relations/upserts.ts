/**
 * The contract's upserts (a create that answers the existing child for a key already in its parent),
 * and what the tests of their key read from the contract about them.
 */
import { suiteContext } from '../context.ts';

const { contract } = suiteContext();

/** The contract's upserts: the create and delete, the parent's path parameter, the key field, and the list of the parent's children. */
export const UPSERTS = [{ create: 'createSubscriber', remove: 'deleteSubscriber', parentParameter: 'newsletter_id', key: 'email', list: 'listSubscribers' }] as const;

/** The create's success status, which the contract gives a new child and an existing one alike. */
export function successOf(operationId: string): number {
  return Number(contract.operation(operationId).responses.find((response) => /^2\d\d$/.test(response.status))?.status);
}
