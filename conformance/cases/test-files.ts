/**
 * Which test files of conformance/suite/ a run loads: the hand-written scenarios, the generated phases
 * asked for, or, for a replay, only the file that sends the saved cases again.
 */
import { GENERATED_PHASES, PHASES, type Phase } from './model.ts';

const SUITE = 'conformance/suite';
/** Runs alone, when asked for: it spends the token's quota, which would turn other tests' answers into 429s. */
const RATE_LIMIT_PROBE = `${SUITE}/rate-limit/probe.test.ts`;

export function suiteFiles(options: { phases?: Phase[]; replay?: unknown[]; probeRateLimit?: boolean }): { include: string[]; exclude: string[] } {
  if (options.replay) return { include: [`${SUITE}/generated/replay.test.ts`], exclude: [] };
  if (options.probeRateLimit) return { include: [RATE_LIMIT_PROBE], exclude: [] };
  const phases = options.phases ?? [...PHASES];
  const include = phases.filter((phase) => phase !== 'scenarios').map((phase) => `${SUITE}/generated/${phase}.test.ts`);
  if (phases.includes('scenarios')) include.push(`${SUITE}/**/*.test.ts`);
  // The scenarios' glob would also load every generated phase and the replay file.
  const exclude = [`${SUITE}/generated/replay.test.ts`, RATE_LIMIT_PROBE, ...GENERATED_PHASES.filter((phase) => !phases.includes(phase)).map((phase) => `${SUITE}/generated/${phase}.test.ts`)];
  return { include, exclude };
}
