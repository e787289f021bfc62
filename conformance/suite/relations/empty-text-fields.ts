/**
 * The text fields a write may set to `""` and the resource stores as sent: for the tests that judge
 * that an empty text is read back as `""` (resources.update-kept, requests.valid-input-accepted), by the
 * write's answer and by every read of the resource.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { constrainedBranch, typesOf } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { UPDATES } from './update-subjects.ts';

const { contract } = suiteContext();

/** Of `fields`, those the operation's body schema lets be empty text (no `minLength`, a pattern `""` matches, no format, no enum). */
export function takingEmptyText(operationId: string, fields: readonly string[]): string[] {
  const body = jsonMedia(contract.operation(operationId));
  const properties: Record<string, object> = body ? (constrainedBranch(contract, body.schema)?.properties ?? {}) : {};
  return fields.filter((field) => {
    const schema = properties[field] ? constrainedBranch(contract, properties[field]) : undefined;
    if (!schema || !typesOf(contract, schema).types.includes('string') || schema.format !== undefined || Array.isArray(schema.enum)) return false;
    if (typeof schema.minLength === 'number' && schema.minLength > 0) return false;
    return typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test('');
  });
}

/** The get of what a create makes: the GET of the create's path and `/{id}`. */
export const readerOf = (createId: string) => {
  const create = contract.operation(createId);
  return contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === `${create.path}/{id}`);
};

/**
 * The fields a create may send as `""` that its resource stores as sent: those the update subjects name
 * for the same get (update-subjects.ts) that the create's schema lets be empty.
 */
export function emptyTextsOfCreate(createId: string): string[] {
  const reader = readerOf(createId);
  const stored = Object.values(UPDATES).find((subject) => subject.readerId === reader?.operationId)?.fields ?? [];
  return reader ? takingEmptyText(createId, stored) : [];
}
