/**
 * What Linux's /proc says about a process: its peak resident memory (VmHWM, the high-water mark
 * the kernel keeps for the process's whole life, so no sampling can miss a peak) and the CPU time
 * it has used, which divided by requests served gives a cost per request that other load on the
 * machine distorts much less than requests per second.
 */
import { readFileSync } from 'node:fs';

/** Peak resident set size in MB (10^6 bytes) since the process started. */
export function peakRssMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kib) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return (Number(kib) * 1024) / 1e6;
}

/** User plus system CPU time used so far, in milliseconds. */
export function cpuTimeMs(pid: number): number {
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticksPerSecond = 100; // USER_HZ, 100 on every Linux architecture Node supports
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** The 1-minute load average: how busy the machine was besides the benchmark. */
export function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}
