/**
 * Admission to expensive work (a Markdown rendering, reading a large body), fair between workspaces
 * and bounded. At most `running` holders at once (and `runningPerKey` of one workspace); the others
 * wait, each workspace in a queue of its own, and a freed place goes to the workspaces in turn
 * (round robin), so a workspace with many waiting requests delays another's by at most one holder's
 * turn. The waiting are bounded too (`waitingPerKey`, `waitingTotal`): past them, and after waiting
 * `maxWaitMs`, the request is refused with `Overloaded`, which the server answers `503` with
 * `Retry-After`. A waiter whose client has gone (its signal aborted) leaves the queue at once.
 *
 * No npm package fits all of it: p-limit and p-queue have one FIFO queue (or priorities) without
 * bounds per key or fairness between keys, and bottleneck's groups give each key a limiter of its
 * own, with no bound on their sum; this is about sixty lines that the tests exercise directly.
 */
export class Overloaded extends Error {
  constructor(
    readonly what: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`The server is at capacity for ${what}.`);
    this.name = 'Overloaded';
  }
}

export interface AdmissionLimits {
  /** What is admitted, for the problem's text: "Markdown renderings". */
  what: string;
  running: number;
  runningPerKey: number;
  waitingPerKey: number;
  waitingTotal: number;
  /** The longest a request waits before it is refused. */
  maxWaitMs: number;
  /** The seconds a refused client is told to wait. */
  retryAfterSeconds: () => number;
}

interface Waiter {
  admit(): void;
}

export class FairAdmission<Key> {
  private runningTotal = 0;
  private readonly runningByKey = new Map<Key, number>();
  /** Waiting requests by workspace; the map's order is the order of turns. */
  private readonly waiting = new Map<Key, Waiter[]>();
  private waitingCount = 0;

  constructor(private readonly limits: AdmissionLimits) {}

  /** Holders and waiters now, for /healthz and tests. */
  get load(): { running: number; waiting: number } {
    return { running: this.runningTotal, waiting: this.waitingCount };
  }

  /** Resolves with the function that ends the hold (call it once), or rejects with Overloaded or the signal's reason. */
  acquire(key: Key, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    const now = this.tryAcquire(key);
    if (now) return Promise.resolve(now);
    const queue = this.waiting.get(key) ?? [];
    if (queue.length >= this.limits.waitingPerKey || this.waitingCount >= this.limits.waitingTotal) {
      return Promise.reject(new Overloaded(this.limits.what, this.limits.retryAfterSeconds()));
    }
    return new Promise((resolve, reject) => {
      const leave = (error: unknown) => {
        const index = queue.indexOf(waiter);
        if (index < 0) return;
        queue.splice(index, 1);
        this.waitingCount--;
        if (queue.length === 0 && this.waiting.get(key) === queue) this.waiting.delete(key);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      const onAbort = () => leave(signal!.reason);
      const timer = setTimeout(() => leave(new Overloaded(this.limits.what, this.limits.retryAfterSeconds())), this.limits.maxWaitMs);
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(this.hold(key));
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
      this.waitingCount++;
      this.waiting.set(key, queue);
    });
  }

  /**
   * The function that ends a hold taken now, in this turn of the event loop, when a place is free and
   * none of `key`'s requests waits before this one; else undefined, and nothing is queued. For work
   * that must start in the same synchronous turn as something else when it can (a list's snapshot).
   */
  tryAcquire(key: Key): (() => void) | undefined {
    return this.canRun(key) && !this.waiting.has(key) ? this.hold(key) : undefined;
  }

  private canRun(key: Key): boolean {
    return this.runningTotal < this.limits.running && (this.runningByKey.get(key) ?? 0) < this.limits.runningPerKey;
  }

  private hold(key: Key): () => void {
    this.runningTotal++;
    this.runningByKey.set(key, (this.runningByKey.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.runningTotal--;
      const left = this.runningByKey.get(key)! - 1;
      if (left === 0) this.runningByKey.delete(key);
      else this.runningByKey.set(key, left);
      this.admitNext();
    };
  }

  /** Gives free places to the waiting, one workspace's turn after another. */
  private admitNext(): void {
    for (const [key, queue] of this.waiting) {
      if (this.runningTotal >= this.limits.running) return;
      if (!this.canRun(key)) continue;
      const waiter = queue.shift()!;
      this.waitingCount--;
      // This workspace's turn is used: it goes to the back of the line.
      this.waiting.delete(key);
      if (queue.length > 0) this.waiting.set(key, queue);
      waiter.admit();
      // The map changed under the loop: start the turns again.
      return this.admitNext();
    }
  }
}
