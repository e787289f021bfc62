/**
 * The model phase's order of stamps (model/stamp-order.ts): a create's created_at against the stamps of
 * the writes answered before it was sent, and nothing judged where the order is not certain.
 */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/exchange.ts';
import { StampOrder } from '../model/stamp-order.ts';

function exchange(method: string, status: number, startedAt: number, endedAt: number): Exchange {
  return { request: { method, url: 'http://target/x', headers: [] }, response: { status, headers: [], body: '' }, startedAt, endedAt } as unknown as Exchange;
}

describe('StampOrder', () => {
  it('finds a create stamped earlier than an update answered before it was sent', () => {
    const order = new StampOrder();
    expect(order.observe('updateCategory', exchange('PATCH', 200, 0, 10), { updated_at: '2026-01-01T00:00:01.000Z' })).toBeUndefined();
    expect(order.observe('createPost', exchange('POST', 201, 11, 20), { created_at: '2026-01-01T00:00:00.400Z' })).toMatch(/createPost answered created_at 2026-01-01T00:00:00.400Z, earlier than 2026-01-01T00:00:01.000Z/);
  });

  it('passes equal and later times, and judges no update (one that changes nothing keeps its updated_at)', () => {
    const order = new StampOrder();
    order.observe('createPage', exchange('POST', 201, 0, 10), { created_at: '2026-01-01T00:00:01.000Z', updated_at: '2026-01-01T00:00:01.000Z' });
    expect(order.observe('createPost', exchange('POST', 201, 11, 20), { created_at: '2026-01-01T00:00:01.000Z' })).toBeUndefined();
    expect(order.observe('updatePost', exchange('PATCH', 200, 21, 30), { updated_at: '2025-12-31T00:00:00.000Z' })).toBeUndefined();
    expect(order.observe('createEmail', exchange('POST', 201, 31, 40), { created_at: '2026-01-01T00:00:02.000Z' })).toBeUndefined();
  });

  it('bounds a create only by answers received before it was sent, and only by writes', () => {
    const order = new StampOrder();
    order.observe('getPage', exchange('GET', 200, 0, 5), { updated_at: '2026-01-01T00:00:09.000Z' });
    order.observe('updatePage', exchange('PATCH', 200, 0, 50), { updated_at: '2026-01-01T00:00:05.000Z' });
    // Sent at 20, before the update's answer (50) was received: the two overlap, so no order holds.
    expect(order.observe('createPost', exchange('POST', 201, 20, 60), { created_at: '2026-01-01T00:00:01.000Z' })).toBeUndefined();
  });
});
