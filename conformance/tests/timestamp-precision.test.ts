/**
 * responses.timestamps-utc as response_schema_conformance judges one answer beside the schema
 * (contract/timestamp-precision.ts): every `..._at` of a success answer is in UTC with milliseconds. The
 * runs that show it: the fault send-later-answers-sub-millisecond (tests/relation-faults.ts), and every
 * clean run.
 */
import { describe, expect, it } from 'vitest';
import { timestampsNotMillisecondUtc } from '../contract/timestamp-precision.ts';

const body = (value: unknown) => JSON.stringify(value);

describe('timestampsNotMillisecondUtc', () => {
  it('passes timestamps in UTC with three fraction digits, and null ones', () => {
    expect(timestampsNotMillisecondUtc(200, body({ id: 1, created_at: '2026-11-21T09:30:00.000Z', scheduled_at: '2036-12-01T07:00:00.123Z', sent_at: null }))).toEqual([]);
  });

  it('names a timestamp with more or fewer fraction digits, or another offset, in the resource and in list items', () => {
    const problems = timestampsNotMillisecondUtc(200, body({ result: [{ id: 4, scheduled_at: '2036-12-01T10:00:00.123456Z' }, { id: 5, updated_at: '2026-11-21T09:30:00Z' }, { id: 6, created_at: '2026-11-21T11:30:00.000+02:00' }], total: 3 }));
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('scheduled_at of 4');
    expect(problems[1]).toContain('updated_at of 5');
    expect(problems[2]).toContain('created_at of 6');
  });

  it('leaves errors, empty bodies, fields not named ..._at and bodies that are not JSON alone', () => {
    expect(timestampsNotMillisecondUtc(409, body({ created_at: '2026-11-21T09:30:00Z' }))).toEqual([]);
    expect(timestampsNotMillisecondUtc(204, '')).toEqual([]);
    expect(timestampsNotMillisecondUtc(200, body({ id: 1, published: '2026-11-21T09:30:00Z' }))).toEqual([]);
    expect(timestampsNotMillisecondUtc(200, 'not json')).toEqual([]);
  });
});
