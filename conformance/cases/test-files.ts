/**
 * Which test files of conformance/suite/ a run loads: the hand-written scenarios, the generated phases
 * asked for, or, for a replay, only the file that sends the saved cases again.
 */
import { DEFAULT_PHASES, GENERATED_PHASES, type Phase } from './model.ts';

/** Relative to the suite's root: conformance/ in the repository, dist/ in the packed package. */
const SUITE = 'suite';

/** `.ts` when the suite runs from its sources, `.js` when it runs compiled (the installed package). */
export const SOURCE_EXTENSION = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

/** Runs alone, when asked for: it spends the token's quota, which would turn other tests' answers into 429s. */
const rateLimitProbe = (ext: string) => `${SUITE}/rate-limit/probe.test.${ext}`;
/** Loaded only when the overload phase is asked for: it is heavy for a shared target. */
const overloadPhase = (ext: string) => `${SUITE}/overload/overload.test.${ext}`;

export function suiteFiles(
  options: { phases?: Phase[]; replay?: unknown[]; rerunFiles?: string[]; probeRateLimit?: boolean },
  ext = SOURCE_EXTENSION,
): { include: string[]; exclude: string[] } {
  if (options.replay || options.rerunFiles) {
    // A rerun: the saved generated cases, and the files of the hand-written tests to run again (the
    // harness declares only those tests).
    const include = options.replay?.length ? [`${SUITE}/generated/replay.test.${ext}`] : [];
    for (const file of options.rerunFiles ?? []) include.push(`${file}.${ext}`);
    return { include, exclude: [] };
  }
  if (options.probeRateLimit) return { include: [rateLimitProbe(ext)], exclude: [] };
  const phases = options.phases ?? [...DEFAULT_PHASES];
  const include = GENERATED_PHASES.filter((phase) => phases.includes(phase)).map((phase) => `${SUITE}/generated/${phase}.test.${ext}`);
  if (phases.includes('overload')) include.push(overloadPhase(ext));
  if (phases.includes('scenarios')) include.push(`${SUITE}/**/*.test.${ext}`);
  // The scenarios' glob would also load every generated phase, the replay file and the overload phase.
  const exclude = [`${SUITE}/generated/replay.test.${ext}`, rateLimitProbe(ext), ...(phases.includes('overload') ? [] : [overloadPhase(ext)]), ...GENERATED_PHASES.filter((phase) => !phases.includes(phase)).map((phase) => `${SUITE}/generated/${phase}.test.${ext}`)];
  return { include, exclude };
}
