/**
 * The slowest `/healthz` under a load, probed from a process of its own (bench/health-probe.mjs): a
 * probe timed in the load generator's process waits for that process's event loop too, which is
 * busy sending the load, and that counted the client's delay as the server's.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export interface HealthProbes {
  slowestMs: number;
  probes: number;
  failures: number;
}

/** Starts probing `origin`/healthz every `intervalMs`; resolves once the first probe is under way. */
export async function probeHealth(origin: string, intervalMs: number): Promise<{ stop(): Promise<HealthProbes> }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('health-probe.mjs', import.meta.url)), `${origin}/healthz`, String(intervalMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  while (!output.startsWith('probing')) await once(child.stdout!, 'data');
  return {
    async stop() {
      const closed = once(child, 'close');
      child.kill('SIGTERM');
      await closed;
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (!line) throw new Error(`the /healthz probe printed no result: ${output}`);
      const { probes, failures } = JSON.parse(line) as { probes: Array<[number, number]>; failures: number };
      return { slowestMs: Math.max(0, ...probes.map(([, ms]) => ms)), probes: probes.length, failures };
    },
  };
}
