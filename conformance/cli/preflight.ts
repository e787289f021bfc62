/**
 * Before the suite starts: is the target there at all? Any HTTP answer counts; only no answer (refused,
 * reset, timed out) within --wait-for-server makes the run impossible (exit 2).
 */
import type { RunOptions } from '../run-options.ts';

export class TargetUnreachable extends Error {}

/** A path every server of the contract serves; the answer's status does not matter here. */
const PROBE_PATH = '/pages';

async function probe(options: RunOptions): Promise<Response> {
  return fetch(`${options.baseUrl}${PROBE_PATH}`, {
    headers: { Authorization: `Bearer ${options.token}` },
    signal: AbortSignal.timeout(options.requestTimeoutSeconds * 1000),
  });
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** Waits for the target; returns a warning worth printing (or undefined), throws when it never answers. */
export async function waitForTarget(options: RunOptions): Promise<string | undefined> {
  const deadline = Date.now() + options.waitForServerSeconds * 1000;
  let lastReason = '';
  do {
    try {
      const response = await probe(options);
      await response.arrayBuffer();
      if (response.status === 404 && options.profile === 'live' && !/\/api\/v1$/.test(options.baseUrl)) {
        return `GET ${options.baseUrl}${PROBE_PATH} answered 404: a real server's base URL ends in /api/v1 (the mock's does not).`;
      }
      return undefined;
    } catch (error) {
      lastReason = reasonOf(error);
    }
    if (Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  } while (Date.now() < deadline);
  const waited = options.waitForServerSeconds > 0 ? ` within ${options.waitForServerSeconds} s` : '';
  throw new TargetUnreachable(
    `Cannot reach ${options.baseUrl}${waited}: ${lastReason}. Is the server running? --wait-for-server <seconds> waits for one that is starting.`,
  );
}
