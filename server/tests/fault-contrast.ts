/**
 * Shows that a deliberate fault really breaks what it names: each case runs the same requests against
 * a server with the fault and against the real server, and requires the broken answer from the first
 * and the one the contract requires from the second.
 */
import { afterEach, describe, it } from 'vitest';
import type { FaultName } from '../faults/catalog.ts';
import { startTestServer, type TestServer } from './harness.ts';

export interface FaultContrast<T> {
  fault: FaultName;
  what: string;
  /** The same requests with the fault (`faulty`) and without it; what they show. */
  observe: (s: TestServer, faulty: boolean) => Promise<T>;
  broken: (seen: T) => void;
  correct: (seen: T) => void;
}

/** Registers one test per case under `title`, each on servers of its own. */
export function contrastFaults(title: string, cases: FaultContrast<any>[]): void {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const start = async (fault: FaultName | null) => (server = await startTestServer(fault ? { faults: [fault] } : {}));
  describe(title, () => {
    for (const c of cases) {
      it(`${c.fault}: ${c.what}`, async () => {
        c.broken(await c.observe(await start(c.fault), true));
        await server!.close();
        server = undefined;
        c.correct(await c.observe(await start(null), false));
      });
    }
  });
}
