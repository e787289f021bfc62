/**
 * requests.unknown-query-parameter over the contract's own names: "An unknown query parameter is
 * answered `422`, never ignored", unknown to the operation it is sent to. Every operation is sent, one
 * at a time, each query parameter another operation declares and it does not (list paging and filters
 * on reads of one resource, on writes and deletes; one list's filters on another list), with a value its
 * own operation takes: a `422` naming exactly `query.<name>` (errors.field-names). A server that checks
 * names against one table of every name the contract (or a path prefix) knows refuses `?foo=1`, which
 * the default phase sends, and takes these.
 *
 * Cost: one request per name and operation (at most six), all at once, each refused before any work,
 * on the resources the operation's negative tests share.
 */
import { validQueryValue } from '../../cases/negative.ts';
import { inputFields } from '../../cases/fields.ts';
import { missingCapability } from '../../checks/profile.ts';
import type { ContractDocument, OperationInfo } from '../../contract/document.ts';
import type { Kit } from '../kit.ts';
import { wellFormedRequest, type PathIds } from '../requests.ts';

export interface ForeignParameter {
  name: string;
  value: string;
  /** The operation that declares it, for the message. */
  declaredBy: string;
}

/** The query parameters other operations declare and `operation` does not, each once, with a value its first declarer takes. */
export function foreignQueryParameters(contract: ContractDocument, operation: OperationInfo): ForeignParameter[] {
  const own = new Set(operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name));
  const foreign = new Map<string, ForeignParameter>();
  for (const other of contract.operations) {
    for (const field of inputFields(contract, other)) {
      if (field.in !== 'query' || own.has(field.name) || foreign.has(field.name)) continue;
      const value = validQueryValue(field);
      if (value !== undefined) foreign.set(field.name, { name: field.name, value, declaredBy: other.operationId });
    }
  }
  return [...foreign.values()];
}

/** Sends each foreign parameter alone on a well-formed request and judges each answer. */
export async function judgeForeignQuery(t: Kit, operation: OperationInfo, ids: PathIds, parameters: ForeignParameter[]): Promise<void> {
  const answers = await Promise.all(parameters.map(async (parameter) => ({ parameter, answer: await t.raw({ ...wellFormedRequest(t, operation, ids), query: { [parameter.name]: parameter.value } }) })));
  for (const { parameter, answer } of answers) {
    const step = `${operation.operationId} with ?${parameter.name}=${parameter.value} (${parameter.declaredBy}'s, not ${operation.operationId}'s)`;
    if (!t.verify(answer.status === 422, `${step} answered ${answer.status ?? 'nothing'}; expected 422 naming query.${parameter.name}: a query parameter the operation does not declare is unknown to it, whichever operation declares it`, { evidence: answer.exchange, rules: ['requests.unknown-query-parameter'] })) continue;
    // A target that answers examples (the mock) names the example's fields, not the request's.
    if (missingCapability(t.options.profile, ['input_reflection'])) continue;
    const errors = (answer.json as { errors?: { field?: unknown }[] } | undefined)?.errors ?? [];
    const named = [...new Set(errors.map((error) => String(error.field)))];
    t.verify(named.length === 1 && named[0] === `query.${parameter.name}`, `${step} answered 422 naming ${named.join(', ') || 'nothing'} in errors; expected exactly query.${parameter.name}`, { evidence: answer.exchange, rules: ['errors.field-names'] });
  }
}
