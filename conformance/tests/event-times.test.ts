/**
 * responses.timestamps-not-ahead as `timestamps_not_ahead` judges one answer (contract/event-times.ts):
 * a timestamp that records an event is not later than the answer that shows it. The runs that show it:
 * the fault send-now-stamps-earlier-schedule (tests/relation-faults.ts), and every clean run.
 */
import { describe, expect, it } from 'vitest';
import { timestampsAhead } from '../contract/event-times.ts';

const NOW = Date.parse('2026-11-27T15:00:00.400Z');
const DATE = new Date(NOW).toUTCString(); // Fri, 27 Nov 2026 15:00:00 GMT: the second, cut.
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const email = (fields: Record<string, unknown>) => JSON.stringify({ id: 7, status: 'sent', scheduled_at: null, sent_at: null, created_at: at(-60_000), updated_at: at(-1), ...fields });

describe('event timestamps against the answer', () => {
  it('accepts stamps up to the answer, within the Date second', () => {
    expect(timestampsAhead(200, email({ sent_at: at(0), updated_at: at(500) }), { date: DATE, receivedAt: NOW + 5 })).toEqual([]);
  });

  it('fails a stamp ahead of both the Date and the moment the answer was read, naming the field', () => {
    const problems = timestampsAhead(200, email({ sent_at: at(86_400_000) }), { date: DATE, receivedAt: NOW + 5 });
    expect(problems).toEqual([expect.stringMatching(/^sent_at of 7 is 2026-11-28T15:00:00.400Z, \d+ s or more after the answer's Date/)]);
  });

  it('judges each item of a list', () => {
    const list = JSON.stringify({ page: 1, size: 10, total: 2, result: [JSON.parse(email({})), JSON.parse(email({ id: 8, created_at: at(3_600_000) }))] });
    expect(timestampsAhead(200, list, { date: DATE, receivedAt: NOW })).toEqual([expect.stringMatching(/^created_at of 8 /)]);
  });

  it('lets scheduled_at lie ahead', () => {
    expect(timestampsAhead(200, email({ status: 'scheduled', scheduled_at: at(2 * 86_400_000) }), { date: DATE, receivedAt: NOW })).toEqual([]);
  });

  it('does not fail a stamp that is behind the moment the answer was read, though ahead of a lagging Date', () => {
    // A busy server's Date may be seconds old; the stamp came before the answer the suite read.
    expect(timestampsAhead(200, email({ updated_at: at(4_000) }), { date: DATE, receivedAt: NOW + 4_500 })).toEqual([]);
  });

  it("without Date, allows the clocks' skew past the moment the answer was read, and no more", () => {
    expect(timestampsAhead(201, email({ created_at: at(30_000) }), { date: null, receivedAt: NOW })).toEqual([]);
    expect(timestampsAhead(201, email({ created_at: at(120_000) }), { date: null, receivedAt: NOW })).toEqual([expect.stringMatching(/has no Date/)]);
  });

  it('judges success answers only', () => {
    expect(timestampsAhead(409, email({ sent_at: at(86_400_000) }), { date: DATE, receivedAt: NOW })).toEqual([]);
    expect(timestampsAhead(200, 'not json', { date: DATE, receivedAt: NOW })).toEqual([]);
  });
});
