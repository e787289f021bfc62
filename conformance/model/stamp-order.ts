/**
 * responses.timestamps-in-order over a model sequence: a create answered `201` records its own
 * `created_at` when it happens, so that time is no earlier than any `created_at` or `updated_at` an
 * answer to a write received before the create was sent showed (those record events that had happened
 * by then). Equal times are right; only a time going backwards is wrong.
 *
 * Only a `201`'s `created_at` is judged: it is certainly the create's own time, where an update that
 * changes nothing (`{}`) keeps an older `updated_at`. The earlier answers only bound it from below, and
 * an older stamp among them only lowers the bound.
 */
import type { Exchange } from '../http/exchange.ts';

interface Recorded {
  /** When the suite had received the answer (the exchange's clock). */
  receivedAt: number;
  at: number;
  text: string;
  what: string;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

export class StampOrder {
  private readonly recorded: Recorded[] = [];

  /** Notes a write's answer and judges a create's `created_at`: the problem in words, or undefined. */
  observe(operationId: string, exchange: Exchange, json: unknown): string | undefined {
    const status = exchange.response?.status;
    if (!WRITES.has(exchange.request.method) || status === undefined || status < 200 || status >= 300) return undefined;
    if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
    const resource = json as Record<string, unknown>;
    let problem: string | undefined;
    const created = typeof resource.created_at === 'string' ? Date.parse(resource.created_at) : Number.NaN;
    if (status === 201 && !Number.isNaN(created) && exchange.startedAt !== undefined) {
      const before = this.recorded.filter((earlier) => earlier.receivedAt <= exchange.startedAt!);
      const latest = before.reduce<Recorded | undefined>((max, earlier) => (max === undefined || earlier.at > max.at ? earlier : max), undefined);
      if (latest && created < latest.at) {
        problem = `${operationId} answered created_at ${String(resource.created_at)}, earlier than ${latest.text}, the ${latest.what}, received before the create was sent: a later event cannot have an earlier time`;
      }
    }
    if (exchange.endedAt === undefined) return problem;
    for (const field of ['created_at', 'updated_at']) {
      const value = resource[field];
      const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
      if (!Number.isNaN(at)) this.recorded.push({ receivedAt: exchange.endedAt, at, text: String(value), what: `${field} of ${operationId}'s answer` });
    }
    return problem;
  }
}
