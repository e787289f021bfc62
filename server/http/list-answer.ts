/**
 * List answers, written item by item. A page holds up to 100 items and a post's or an email's HTML
 * up to a megabyte or two of text, so a whole page built as one object and serialised as one string
 * (what `res.json` does, and what the response validator needs) takes hundreds of megabytes of heap:
 * more than the 128 MB `npm start` gives the server. Here the envelope and each item are validated
 * against the contract on their own and written as soon as they are, and the next item is read only
 * once the client has taken the last one (the socket drained): a list costs the server about one item
 * of memory, whatever the page holds and however slowly the client reads.
 *
 * The validation is the response validator's (express-openapi-validator's own Ajv set-up, with the
 * same contract and the same formats), so a streamed answer is held to exactly the rules a `res.json`
 * answer is. What a client sees when an item breaks the contract:
 *
 * - the first item, or the envelope: nothing has been sent yet, and the answer is the same `500`
 *   problem a broken `res.json` answer gets;
 * - a later item: the status line has gone, so the server cuts the connection without ending the
 *   chunked body. No HTTP client takes that for a complete answer (fetch and Node reject it as
 *   terminated, curl reports a transfer closed with outstanding data), and no half a list reads as a
 *   whole one. The violation is logged as a broken answer.
 *
 * Long content (`content_html` over `INLINE_CONTENT` bytes) stays in the database until its item
 * is written (store/deferred-content.ts), and at most `LARGE_ITEM_SLOTS` such items are in memory at
 * once across all requests; a client that takes nothing for `STALLED_CLIENT_MS` is cut off, so a
 * client that stops reading cannot hold a slot for long. Such content is read from a snapshot of the
 * moment the page was read (list-snapshot.ts), so the answer is of one moment however long it takes;
 * the snapshot is ended however the answer ends, and an answer that holds one for `MAX_SNAPSHOT_MS`
 * is cut off, so a client that reads on slowly cannot hold the WAL's checkpoints back for long either.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { once } from 'node:events';
import type { Request, RequestHandler, Response } from 'express';
// The response validator's own Ajv factory, so formats and keywords are exactly the validator's.
import { createResponseAjv } from 'express-openapi-validator/dist/framework/ajv/index.js';
import type { Logger } from '../logger.ts';
import type { PageOf, Paging } from '../store/common.ts';
import { isDeferred } from '../store/deferred-content.ts';
import { Slots } from './slots.ts';
import { problems } from './problem.ts';
import { resolveRef } from './contract-refs.ts';
import { AJV_CODE } from './text-patterns.ts';
import { heavyTurns } from './heavy-turns.ts';
import { isDeferredList, listAsRead, readListOfOneMoment, type DeferredList, type ListOfOneMoment } from './list-snapshot.ts';
import { clientGone } from './client-gone.ts';

/** Characters of serialised items gathered before a write: small pages go out in one write, as with res.json. */
const WRITE_BATCH_CHARS = 64 * 1024;
/** Big items in memory at once, across every list being written. */
export const LARGE_ITEM_SLOTS = 4;
/** A client that takes no bytes for this long is cut off. */
export const STALLED_CLIENT_MS = 30_000;
/**
 * The longest an answer holds a snapshot: a page of 150 MB (100 of the largest posts) read at 2 Mbit/s.
 * Until it ends, checkpoints cannot copy what is written meanwhile and the WAL grows by all of it.
 */
export const MAX_SNAPSHOT_MS = 10 * 60_000;
/** A large item is written in pieces of this many characters, each waiting for the client. */
const PIECE_CHARS = 256 * 1024;

// The contract is walked as plain JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Validate {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

interface ListValidators {
  envelope: Validate;
  item: Validate;
  maxItems: number;
}

interface ListAnswerContext {
  validators: ListValidators | undefined;
  validate: boolean;
  slots: Slots;
  logger: Logger;
}

const contexts = new WeakMap<Response, ListAnswerContext>();

/** The violation a broken list answer is logged with, shaped as the validator's own errors. */
class BrokenListAnswer extends Error {
  readonly status = 500;
  constructor(readonly errors: unknown[]) {
    super('The list answer does not conform to the contract.');
  }
}

/** Each list operation's 200 answer: its schema, and where its items are (a `result` array). */
interface ListSchema {
  envelope: Json;
  item: Json;
  maxItems: number;
}

function listSchemas(contract: Json): Map<string, ListSchema> {
  const byOperation = new Map<string, ListSchema>();
  for (const pathItem of Object.values<Json>(contract.paths ?? {})) {
    const operation = pathItem?.get;
    const schema = operation?.responses?.['200']?.content?.['application/json']?.schema;
    const list = resolveRef(contract, schema);
    const result = list?.properties?.result;
    if (!operation?.operationId || result?.type !== 'array' || !result.items) continue;
    byOperation.set(operation.operationId, {
      envelope: schema,
      item: result.items,
      maxItems: typeof result.maxItems === 'number' ? result.maxItems : Number.POSITIVE_INFINITY,
    });
  }
  return byOperation;
}

/**
 * The validators of every list operation's 200 answer, each compiled when first wanted: compiling
 * them all takes 150 to 400 ms of CPU, which the server's start (before it listens) no longer pays.
 * The warm-up after listening (`buildAll`) compiles them one operation at a time.
 */
class ListValidatorSet {
  private ajv: { compile(schema: Json): Validate } | undefined;
  private readonly built = new Map<string, ListValidators>();
  private readonly schemas: Map<string, ListSchema>;

  constructor(private readonly contract: Json, private readonly formats: Record<string, unknown>) {
    this.schemas = listSchemas(contract);
  }

  has(operationId: string): boolean {
    return this.schemas.has(operationId);
  }

  get(operationId: string): ListValidators | undefined {
    const found = this.built.get(operationId);
    if (found) return found;
    const schema = this.schemas.get(operationId);
    if (!schema) return undefined;
    const ajv = (this.ajv ??= createResponseAjv(structuredClone(this.contract), {
      strict: false,
      strictNumbers: true,
      strictTuples: true,
      allowUnionTypes: false,
      validateSchema: false,
      coerceTypes: false,
      useDefaults: false,
      removeAdditional: false,
      allErrors: true,
      validateFormats: true,
      formats: this.formats,
      serDesMap: {},
      ajvFormats: { mode: 'full' },
      // The contract's text patterns as the validator checks them (http/text-patterns.ts).
      code: AJV_CODE,
    } as never) as unknown as { compile(schema: Json): Validate });
    const validators = { envelope: ajv.compile(schema.envelope), item: ajv.compile(schema.item), maxItems: schema.maxItems };
    this.built.set(operationId, validators);
    return validators;
  }

  /** Compiles every list's validators, one operation per turn of the event loop, so requests get theirs in between. */
  async buildAll(signal?: AbortSignal): Promise<void> {
    for (const operationId of this.schemas.keys()) {
      if (signal?.aborted) return;
      // One operation's compilation per heavy turn: connections waiting to be accepted come first.
      await heavyTurns.next();
      this.get(operationId);
    }
  }
}

/** The list-answers stage: a middleware, and the warm-up that compiles its validators ahead of use. */
export interface ListAnswers extends RequestHandler {
  buildValidators(signal?: AbortSignal): Promise<void>;
}

/**
 * Middleware that prepares `sendList` for the list operations, after the contract validator has
 * matched the request. `validate: false` (only the benchmark's server without validation, and faults
 * that must send what the contract forbids) writes without checking, as the validator then does.
 */
export function listAnswers(
  contract: Json,
  options: { validate: boolean; logger: Logger; formats: Record<string, unknown> },
): ListAnswers {
  const validators = new ListValidatorSet(contract, options.formats);
  const slots = new Slots(LARGE_ITEM_SLOTS);
  const handler: RequestHandler = (req, res, next) => {
    const operationId = (req as Request & { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId;
    if (operationId !== undefined && validators.has(operationId)) {
      // Without validation nothing is checked, so nothing is compiled.
      contexts.set(res, { validators: options.validate ? validators.get(operationId) : undefined, validate: options.validate, slots, logger: options.logger });
    }
    next();
  };
  return Object.assign(handler, {
    buildValidators: (signal?: AbortSignal) => (options.validate ? validators.buildAll(signal) : Promise.resolve()),
  });
}

/** Resolves when the client has taken what was written, or rejects when it is gone or stalled. */
async function drained(res: Response): Promise<void> {
  if (res.destroyed) throw new Error('client gone');
  if (!res.writableNeedDrain) return;
  const stalled = new AbortController();
  const timer = sleep(STALLED_CLIENT_MS, undefined, { signal: stalled.signal }).then(
    () => {
      throw new Error('client stalled');
    },
    () => {},
  );
  try {
    await Promise.race([once(res, 'drain', { signal: stalled.signal }), once(res, 'close', { signal: stalled.signal }), timer]);
  } finally {
    stalled.abort();
  }
  if (res.destroyed) throw new Error('client gone');
}

/**
 * Answers a list: the envelope (the page and size asked for, the total), then each item of the page,
 * each validated before it is written. A list whose items may leave long contents in the database
 * (`DeferredList`) is read here, and its items completed from one moment (list-snapshot.ts); an item
 * that is not there is left out (only where there is no snapshot: a database in memory).
 */
export async function sendList<Item extends object>(res: Response, paging: Paging, list: PageOf<Item> | DeferredList<Item>): Promise<void> {
  const context = contexts.get(res);
  if (!context) throw new Error('sendList is for list operations only');
  let moment: ListOfOneMoment<Item>;
  try {
    moment = isDeferredList(list) ? await readListOfOneMoment(res, list) : listAsRead(list);
  } catch (err) {
    // Gone while it waited for a reader: nobody is there to answer.
    if (clientGone(res).aborted) return;
    throw err;
  }
  const cut = moment.holdsSnapshot
    ? setTimeout(() => {
        context.logger.warn({ url: res.req.originalUrl, ms: MAX_SNAPSHOT_MS }, 'list answer cut off: it held its snapshot too long');
        res.destroy();
      }, MAX_SNAPSHOT_MS)
    : undefined;
  try {
    await writeList(res, context, paging, moment);
  } finally {
    clearTimeout(cut);
    moment.end();
  }
}

async function writeList<Item extends object>(
  res: Response,
  { validators, validate, slots, logger }: ListAnswerContext,
  { page, size }: Paging,
  { page: { total, items }, complete }: ListOfOneMoment<Item>,
): Promise<void> {
  const check = (validator: Validate | undefined, data: unknown) => {
    if (validate && validator && !validator(data)) throw new BrokenListAnswer(validator.errors ?? []);
  };
  if (validate && validators && items.length > validators.maxItems) {
    throw new BrokenListAnswer([{ instancePath: '/result', message: `must NOT have more than ${validators.maxItems} items` }]);
  }
  check(validators?.envelope, { page, size, total, result: [] });

  let pending = `{"page":${page},"size":${size},"total":${total},"result":[`;
  let written = 0;
  const flush = async () => {
    if (!res.headersSent) res.status(200).type('application/json; charset=utf-8');
    res.write(pending);
    pending = '';
    await drained(res);
  };
  try {
    for (const light of items) {
      const large = isDeferred(light);
      const release = large ? await slots.acquire() : () => {};
      // A large item takes tens of milliseconds to read, check and serialise: other requests (and
      // /healthz, and connections waiting to be accepted) get their turn before each one, not only
      // when the client is slow to read (http/heavy-turns.ts).
      if (large) await heavyTurns.next();
      try {
        const item = complete(light);
        if (item === undefined) continue;
        check(validators?.item, item);
        const text = JSON.stringify(item);
        pending += written++ === 0 ? text : `,${text}`;
        if (pending.length >= WRITE_BATCH_CHARS) {
          // A large item leaves in pieces, each once the client has taken the one before, so what
          // waits in the socket stays small however slowly the client reads.
          while (pending.length > PIECE_CHARS) {
            const piece = pending.slice(0, PIECE_CHARS);
            pending = pending.slice(PIECE_CHARS);
            if (!res.headersSent) res.status(200).type('application/json; charset=utf-8');
            res.write(piece);
            await drained(res);
          }
          await flush();
        }
      } finally {
        release();
      }
    }
    pending += ']}';
    // A page that fits one write goes out with its length, as `res.json` sends it (and HEAD says it).
    if (!res.headersSent) res.status(200).type('application/json; charset=utf-8').set('Content-Length', String(Buffer.byteLength(pending)));
    res.end(pending);
  } catch (err) {
    if (!res.headersSent) throw err;
    // Cut off mid-answer: a broken item, a client gone or stalled. The chunked body never ends, so
    // the client cannot take what it got for a whole list.
    if (err instanceof BrokenListAnswer) logger.error({ err, violations: err.errors, url: res.req.originalUrl }, 'response does not conform to the contract');
    res.destroy();
  }
}
