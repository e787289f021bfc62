/**
 * stays_responsive against a small target whose light request can be made slow on purpose: a hold-up
 * that happens again when the hostile request is sent a second time fails the check; one that does
 * not repeat leaves it without a verdict (never a pass, never a failure); an accepted write is not
 * sent again, so its hold-up stands.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeResponsiveness, whileProbing } from '../cases/responsiveness.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Kit } from '../suite/kit.ts';

/** How long the target's light request takes while a "hostile" request is in flight; 0 = at once. */
let holdUpMs = 0;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/newsletters/')) {
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'), holdUpMs);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Verdict {
  passed: boolean;
  reason: string;
}

/** The part of a Kit that the responsiveness probes use, recording verdicts. */
function fakeKit(verdicts: Verdict[]): Kit {
  return {
    fixtures: { newsletterId: 7 },
    contract: { operations: [{ operationId: 'getNewsletter', method: 'GET', path: '/newsletters/{id}' }] },
    // A bound a light local request meets with room to spare on a loaded machine (a fraction of it was
    // not always met with another test run beside this one), well under the 2 s hold-ups.
    options: { baseUrl, token: 't', responsiveWithinSeconds: 1, requestTimeoutSeconds: 5 },
    verify: (passed: boolean, reason: string) => {
      verdicts.push({ passed, reason });
      return passed;
    },
  } as unknown as Kit;
}

const exchange = {} as Exchange;
/** A "hostile" request that takes 600 ms, during which the light request is held up by `ms`. */
const hostile = (ms: number) => async () => {
  holdUpMs = ms;
  await new Promise((resolve) => setTimeout(resolve, 600));
  holdUpMs = 0;
  return exchange;
};

async function judge(firstHoldUpMs: number, againHoldUpMs: number | undefined) {
  const verdicts: Verdict[] = [];
  const t = fakeKit(verdicts);
  const { responsiveness } = await whileProbing(t, hostile(firstHoldUpMs));
  const unconfirmed = await judgeResponsiveness(t, { operationId: 'listPages' }, responsiveness, exchange, againHoldUpMs === undefined ? undefined : hostile(againHoldUpMs));
  return { verdicts, unconfirmed };
}

describe('stays_responsive', () => {
  it('passes when the light request is answered in time', async () => {
    const { verdicts, unconfirmed } = await judge(0, 0);
    expect(unconfirmed).toBeUndefined();
    expect(verdicts.every((verdict) => verdict.passed)).toBe(true);
  });

  it('fails when the hold-up happens again on the second sending, naming both', async () => {
    const { verdicts, unconfirmed } = await judge(2000, 2000);
    expect(unconfirmed).toBeUndefined();
    const failed = verdicts.filter((verdict) => !verdict.passed);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reason).toMatch(/held up: GET \/newsletters\/7 did not answer within 1 s, and again when the request was sent a second time/);
  });

  it('has no verdict when the hold-up does not repeat: neither a pass nor a failure', async () => {
    const { verdicts, unconfirmed } = await judge(2000, 0);
    expect(unconfirmed).toMatch(/^stays_responsive has no verdict: .*held up .*but not when the same request was sent again to listPages/);
    expect(verdicts.filter((verdict) => !verdict.passed)).toEqual([]);
    expect(verdicts.some((verdict) => /light request/.test(verdict.reason) && verdict.passed)).toBe(false);
  });

  it('fails at once when the request cannot be sent again (an accepted write)', async () => {
    const { verdicts, unconfirmed } = await judge(2000, undefined);
    expect(unconfirmed).toBeUndefined();
    expect(verdicts.filter((verdict) => !verdict.passed).map((verdict) => verdict.reason)).toEqual([expect.stringMatching(/held up: GET \/newsletters\/7 did not answer within 1 s \(bound 1 s\)$/)]);
  });
});
