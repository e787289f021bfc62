/**
 * Heavy work takes turns of the event loop that accepting connections does not need
 * (http/heavy-turns.ts): one heavy step per turn, none in a turn that accepted a connection, and
 * never deferred for more turns than its bound.
 */
import { EventEmitter } from 'node:events';
import type { Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { NextFunction, Request, Response } from 'express';
import { HeavyTurns, inHeavyTurn } from '../http/heavy-turns.ts';

/** Counts the turns of the event loop (one immediate per turn) until `until` resolves. */
async function turnsUntil(until: Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  void until.then(() => (done = true));
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    turns++;
  }
  return turns;
}

/** A stand-in for a server: `accept()` is libuv accepting one connection. */
function fakeServer(): Server & { accept(): void } {
  const emitter = new EventEmitter();
  return Object.assign(emitter, { accept: () => emitter.emit('connection') }) as unknown as Server & { accept(): void };
}

describe('HeavyTurns', () => {
  it('gives one heavy step per turn, in the order asked', async () => {
    const turns = new HeavyTurns();
    const order: number[] = [];
    const steps = [0, 1, 2, 3].map((i) => turns.next().then(() => order.push(i)));
    const taken = await turnsUntil(Promise.all(steps));
    expect(order).toEqual([0, 1, 2, 3]);
    // Four steps need four turns: two never share one.
    expect(taken).toBeGreaterThanOrEqual(4);
  });

  it('gives no heavy turn while connections are being accepted, until they stop', async () => {
    const turns = new HeavyTurns(1_000);
    const server = fakeServer();
    turns.watch(server);
    let ran = false;
    const step = turns.next().then(() => (ran = true));
    // A connection in every turn, for twenty turns: the step waits through all of them.
    for (let i = 0; i < 20; i++) {
      server.accept();
      await new Promise((resolve) => setImmediate(resolve));
      expect(ran).toBe(false);
    }
    await step;
    expect(ran).toBe(true);
  });

  it('defers heavy work for at most its bound of turns while connections keep coming', async () => {
    const turns = new HeavyTurns(30);
    const server = fakeServer();
    turns.watch(server);
    let ran = false;
    const step = turns.next().then(() => (ran = true));
    // Connections without end: the step still runs once thirty turns in a row have accepted one.
    let accepted = 0;
    while (!ran) {
      server.accept();
      accepted++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await step;
    expect(accepted).toBeGreaterThanOrEqual(30);
    // A turn is two immediates here (one to note the accepts, one to decide): not many more than the bound.
    expect(accepted).toBeLessThanOrEqual(2 * 30 + 4);
    expect(turns.pending).toBe(0);
  });

  it('runs a handler wrapped in inHeavyTurn only in a heavy turn, and passes its error on', async () => {
    const turns = new HeavyTurns(1_000);
    const server = fakeServer();
    turns.watch(server);
    let ran = false;
    const handler = inHeavyTurn(() => {
      ran = true;
      throw new Error('broken');
    }, turns);
    let passed: unknown;
    const done = Promise.resolve(handler({} as Request, {} as Response, ((err?: unknown) => (passed = err)) as NextFunction)).catch((err: unknown) => (passed = err));
    // While a connection is accepted in every turn, the handler waits.
    for (let i = 0; i < 10; i++) {
      server.accept();
      await new Promise((resolve) => setImmediate(resolve));
      expect(ran).toBe(false);
    }
    await done;
    expect(ran).toBe(true);
    // Express 5 passes a handler's rejection to the error handlers; the wrapper rejects with it.
    expect((passed as Error).message).toBe('broken');
  });
});
