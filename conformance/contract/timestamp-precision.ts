/**
 * responses.timestamps-utc: every timestamp of an answer is an RFC 3339 date-time in UTC with
 * millisecond precision, `2026-11-21T09:30:00.000Z`: exactly three fraction digits and `Z`. A timestamp
 * is a field named `..._at` (the contract's convention for every date-time of a resource, as
 * event-times.ts reads it), in the resource or each item of a list. The schema's `format: date-time`
 * lets through any precision and any offset, so a server that echoes a time as it was written
 * (`10:00:00.123456Z`, `12:00:00+02:00`) passes it.
 */
import { parseAnswerJson } from './answer-json.ts';
import { resourcesOf } from './write-only.ts';

const MILLISECOND_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The timestamps of a success answer not written in UTC with milliseconds, in words; empty when all are. */
export function timestampsNotMillisecondUtc(status: number, bodyText: string): string[] {
  if (status < 200 || status >= 300 || bodyText === '') return [];
  let body: unknown;
  try {
    body = parseAnswerJson(bodyText);
  } catch {
    return []; // Not JSON: response_schema_conformance says so on its own.
  }
  const problems: string[] = [];
  for (const resource of resourcesOf(body)) {
    for (const [field, value] of Object.entries(resource)) {
      // null is a timestamp not set; another type is the schema's to judge.
      if (!field.endsWith('_at') || typeof value !== 'string' || MILLISECOND_UTC.test(value)) continue;
      const which = typeof resource.id === 'number' || typeof resource.id === 'string' ? ` of ${String(resource.id)}` : '';
      problems.push(`${field}${which} is ${JSON.stringify(value)}; every timestamp of an answer is in UTC with millisecond precision, three fraction digits and Z, such as 2026-11-21T09:30:00.000Z`);
    }
  }
  return problems;
}
