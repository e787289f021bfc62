/**
 * Turns of the event loop for heavy work (parsing and serving a large JSON body, writing a large list
 * item, each step of the warm-up after listening), given out so that accepting connections comes
 * first.
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
 * connection was accepted (libuv accepted one, so more may be waiting), for at most
 * `MAX_DEFERRED_TURNS` such turns in a row, so that a steady stream of connections slows heavy work
 * down but never stops it. The connections come first because they are cheap: a request is refused
 * (503) or answered quickly, or admitted to wait, and the queue of connections drains in milliseconds
 * instead of seconds.
 *
 * The bound is counted in connections accepted, not in time: on a machine busy with other work every
 * turn takes longer, and a bound in milliseconds would let heavy work back in after a handful of
 * accepts, before the crowd ahead of /healthz was in (seen with two test runs at once).
 */
import type { Server } from 'node:net';
import type { RequestHandler } from 'express';

/**
 * The most turns in a row heavy work waits while each accepts a connection: more than a crowd of
 * clients connecting at once (the overload phase's largest is 150), few enough that a steady stream
 * of connections, each refused or answered in a millisecond or two, delays heavy work by a fraction
 * of a second.
 */
export const MAX_DEFERRED_TURNS = 256;

export class HeavyTurns {
  private accepted = 0;
  private acceptedBefore = 0;
  private deferredTurns = 0;
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;

  constructor(private readonly maxDeferredTurns = MAX_DEFERRED_TURNS) {}

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
    if (connectionArrived && this.deferredTurns < this.maxDeferredTurns) {
      this.deferredTurns++;
      return this.watchNextPoll();
    }
    this.deferredTurns = 0;
    const resolve = this.waiting.shift();
    // The heavy work runs in this promise's continuation, a microtask of this very turn.
    resolve?.();
    if (this.waiting.length > 0) this.watchNextPoll();
    else this.scheduled = false;
  };
}

/** The process's one event loop, so one gate for every server in it. */
export const heavyTurns = new HeavyTurns();

/**
 * `handler`, run in a heavy turn: for the warm-up's own loopback listeners, whose stages each compile
 * validators or run code for the first time (30 to 500 ms of the event loop a step). Without it a
 * crowd connecting while the server warms up is let in one connection per warm-up step, and a
 * /healthz behind it waits for most of the warm-up. A handler that throws or rejects passes its
 * error on, as Express 5 does for the handler itself.
 */
export function inHeavyTurn(handler: RequestHandler, turns: HeavyTurns = heavyTurns): RequestHandler {
  return (req, res, next) => turns.next().then(() => handler(req, res, next));
}
