import { parseAnswerJson } from './answer-json.ts';

/**
 * The body of a list answer, for the checks that judge every list answer by itself (list-order.ts,
 * list-envelope.ts): a 200 whose body is a JSON object. Anything else they leave alone; a body that
 * is not JSON, or not of its schema, is response_schema_conformance's to judge.
 */
export function listBody(status: number, bodyText: string): Record<string, unknown> | undefined {
  if (status !== 200 || bodyText === '') return undefined;
  let body: unknown;
  try {
    body = parseAnswerJson(bodyText);
  } catch {
    return undefined;
  }
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}
