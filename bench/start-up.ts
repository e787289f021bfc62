/**
 * `npm run bench:start`: only the start-up figures of `npm run bench` (bench/first-requests.ts), in
 * seconds instead of minutes: a fresh server as `npm start` runs it, from spawning the process to its
 * first `/healthz` answer and to every operation's validators built, then the first request of every
 * operation against the median of the same request sent again. Run it on a quiet machine; it prints
 * the load average next to the figures, since wall time on a busy machine says little.
 */
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { measureFirstRequests } from './first-requests.ts';

const startScript: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
// The heap flags npm start gives the server, so the figures are those of the server users run.
const heapFlags = (startScript.match(/--max-[a-z-]+-size=\d+/g) ?? []).join(' ');

const before = loadavg()[0]!;
const result = await measureFirstRequests({ NODE_OPTIONS: heapFlags });
const over = result.operations
  .map((operation) => ({
    ...operation,
    overMs: operation.firstMs - operation.medianMs,
    overServerMs: operation.firstServerMs - operation.medianServerMs,
    overCpuMs: operation.firstCpuMs - operation.medianCpuMs,
  }))
  .sort((a, b) => b.overMs - a.overMs);
const ms = (value: number) => `${value.toFixed(1)} ms`;

console.log(`Node.js ${process.version}, load average ${before.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`);
console.log(`start-up to the first /healthz answer: ${ms(result.startToHealthyMs)} (target < 1000 ms)`);
console.log(`start-up to every operation's validators built: ${ms(result.startToWarmMs)}`);
const shown = process.argv.includes('--all') ? over.length : 5;
console.log(`first request over its median, worst ${shown} of ${over.length} operations by wall time (target <= 2 ms), then the server's own wall time and CPU time for it:`);
for (const operation of over.slice(0, shown)) {
  console.log(
    `  ${operation.operationId.padEnd(22)} ${String(operation.status).padEnd(4)} first ${ms(operation.firstMs).padStart(9)}  median ${ms(operation.medianMs).padStart(8)}  over ${ms(operation.overMs).padStart(8)}` +
      `   server over ${ms(operation.overServerMs).padStart(8)}   CPU first ${ms(operation.firstCpuMs).padStart(8)}  median ${ms(operation.medianCpuMs).padStart(7)}  over ${ms(operation.overCpuMs).padStart(8)}`,
  );
}
const worstCpu = [...over].sort((a, b) => b.overCpuMs - a.overCpuMs)[0];
console.log(`operations over the target: ${over.filter((operation) => operation.overMs > 2).length} by wall time, ${over.filter((operation) => operation.overServerMs > 2).length} by the server's wall time, ${over.filter((operation) => operation.overCpuMs > 2).length} by CPU time (worst ${worstCpu?.operationId} ${ms(worstCpu?.overCpuMs ?? 0)}); peak RSS ${result.peakMB.toFixed(0)} MB`);
