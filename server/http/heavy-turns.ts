/**
 * Turns of the event loop for heavy work (parsing and serving a large JSON body, writing a large list
 * item), given out so that accepting connections comes first.
 *
 * Why: libuv (since 1.45, so every Node.js the server runs on) accepts at most one connection per turn
 * of the event loop. A connection waits in the kernel's accept queue until then, and nothing the
 * server does can reach it there: not admission, not a 503, not /healthz. When each turn also runs
 * tens of milliseconds of work for a large body, 150 clients connecting at once are accepted over
 * seconds, and a /healthz that connects after them waits for all of that work, while the event loop
 * itself is never held for long (measured: 4 to 14 s for /healthz, the loop's longest delay 150 to
 * 500 ms; bench/README.md, "Accepting connections under load").
 *
 * So heavy work waits for a turn here: at most one heavy step per turn, and none in a turn in which a
 * connection was accepted (libuv accepted one, so more may be waiting), for at most `MAX_DEFER_MS`
 * in a row, so that a steady stream of connections slows heavy work down but never stops it. The
 * connections come first because they are cheap: a request is refused (503) or answered quickly, or
 * admitted to wait, and the queue of connections drains in milliseconds instead of seconds.
 */
import type { Server } from 'node:net';

/** The longest heavy work waits while connections keep arriving. */
export const MAX_DEFER_MS = 100;

export class HeavyTurns {
  private accepted = 0;
  private acceptedBefore = 0;
  private deferringSince: number | undefined;
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;

  constructor(private readonly maxDeferMs = MAX_DEFER_MS) {}

  /** Counts the connections `server` accepts: a turn that accepted one gives no heavy turn. */
  watch(server: Server): void {
    server.on('connection', () => this.accepted++);
  }

  /** Resolves in a later turn of the event loop, one caller per turn, in the order of the calls. */
  next(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  /** Callers waiting for a turn, for tests. */
  get pending(): number {
    return this.waiting.length;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Asked from anywhere (a socket's callback in the poll phase, most often): the first immediate
    // runs at the end of this turn (or of the next, when asked from an immediate) and only notes the
    // connections accepted so far; the turn is decided one poll phase later.
    setImmediate(this.watchNextPoll);
  }

  /** Called in the check phase: `turn` then runs in the next turn's, after exactly one poll phase. */
  private readonly watchNextPoll = (): void => {
    this.acceptedBefore = this.accepted;
    setImmediate(this.turn);
  };

  private readonly turn = (): void => {
    // libuv accepts at most one connection per poll phase, and one whenever any is waiting: none
    // accepted in the last poll means none was waiting.
    const connectionArrived = this.accepted !== this.acceptedBefore;
    const now = performance.now();
    if (connectionArrived) {
      this.deferringSince ??= now;
      if (now - this.deferringSince < this.maxDeferMs) return this.watchNextPoll();
    }
    this.deferringSince = undefined;
    const resolve = this.waiting.shift();
    // The heavy work runs in this promise's continuation, a microtask of this very turn.
    resolve?.();
    if (this.waiting.length > 0) this.watchNextPoll();
    else this.scheduled = false;
  };
}

/** The process's one event loop, so one gate for every server in it. */
export const heavyTurns = new HeavyTurns();
