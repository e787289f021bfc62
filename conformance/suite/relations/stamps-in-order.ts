/**
 * responses.timestamps-in-order over a test's own writes, one sent after another's answer: each write's
 * stamp (created_at of a create, updated_at of an update) is no earlier than the one before it.
 */
import type { Kit } from '../kit.ts';

export interface WriteStamp {
  /** The write, in words. */
  write: string;
  field: 'created_at' | 'updated_at';
  at: string;
}

const RULES = ['responses.timestamps-in-order'];

/** Verifies that the stamps, in the order of their writes, never go backwards; equal times pass. */
export function verifyStampsInOrder(t: Kit, stamps: readonly WriteStamp[]): void {
  for (let index = 1; index < stamps.length; index++) {
    const before = stamps[index - 1]!;
    const after = stamps[index]!;
    t.verify(
      Date.parse(after.at) >= Date.parse(before.at),
      `${after.write}, sent after ${before.write} was answered, recorded ${after.field} ${after.at}, earlier than the ${before.field} ${before.at} that ${before.write} recorded: a later event cannot have an earlier time`,
      { rules: RULES },
    );
  }
}
