/**
 * Where the server's random choices come from: the random part of a page's domain and the names of
 * uploaded images. A source is passed in rather than `node:crypto` called directly, so the stateful
 * mock's demo content can be drawn from a fixed seed and come out the same at every start (the clock
 * is passed around for the same reason: domain/clock.ts). Everything else uses the operating
 * system's randomness (`cryptoRandom`).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';

export interface RandomSource {
  /** A whole number from 0 up to, not including, `max` (at most 2^32), every one equally likely. */
  int(max: number): number;
  /** `length` random bytes. */
  bytes(length: number): Uint8Array;
}

/** The operating system's randomness: unpredictable, for everything a real server draws. */
export const cryptoRandom: RandomSource = {
  int: (max) => randomInt(max),
  bytes: (length) => randomBytes(length),
};

const UINT32_RANGE = 2 ** 32;

/**
 * The same sequence for the same seed, on every machine and Node.js version: SHA-256 of the seed and
 * a block counter, block after block. Predictable by design, so only for content whose sameness is
 * the point (the mock's demo), never for anything a guess must not find.
 */
export function seededRandom(seed: string): RandomSource {
  let block = 0;
  let current = Buffer.alloc(0);
  let used = 0;
  /** The next `length` bytes of the stream of blocks. */
  const take = (length: number): Buffer => {
    const taken = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      if (used === current.length) {
        current = createHash('sha256').update(`${seed}\u0000${block}`).digest();
        block += 1;
        used = 0;
      }
      const copied = current.copy(taken, filled, used, Math.min(current.length, used + length - filled));
      filled += copied;
      used += copied;
    }
    return taken;
  };
  return {
    int(max) {
      if (!Number.isInteger(max) || max < 1 || max > UINT32_RANGE) throw new RangeError(`max must be a whole number from 1 to 2^32, not ${max}`);
      // Rejection sampling: values past the last whole multiple of `max` are drawn again, so that
      // every result is equally likely (a plain modulo would favour the small ones).
      const limit = UINT32_RANGE - (UINT32_RANGE % max);
      for (;;) {
        const value = take(4).readUInt32BE(0);
        if (value < limit) return value % max;
      }
    },
    bytes: (length) => take(length),
  };
}
