/**
 * The current time as the contract writes it: RFC 3339 in UTC with milliseconds. A clock is passed
 * around rather than read from `Date` directly, so tests can move time forward.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function timestamp(clock: Clock): string {
  return clock.now().toISOString();
}
