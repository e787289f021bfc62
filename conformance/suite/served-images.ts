/**
 * An uploaded image read at its public URL, as a browser's <img> does: a plain GET without any
 * Authorization (the URL is not an operation of the contract, and may be on another origin). Every URL
 * read so is also asked with HEAD (http.head: HEAD is answered wherever GET is, the URLs the API hands
 * out included): the same status and media type, no body, and a Content-Length, where HEAD sends one,
 * that is the length of the body GET served. A static handler for the images whose HEAD branch differs
 * from its GET shows only here: the suite's HEAD tests walk the contract's paths, which these are not.
 */
import { missingCapability } from '../checks/profile.ts';
import { exchange as sendExchange, type Exchange } from '../http/exchange.ts';
import type { Kit } from './kit.ts';

export interface ServedImage {
  status: number;
  /** The media type of Content-Type, lower case, without parameters; '' without one. */
  type: string;
  bytes: Buffer;
  exchange: Exchange;
}

const header = (exchange: Exchange, name: string) => exchange.response?.headers.find(([key]) => key.toLowerCase() === name)?.[1];
const mediaType = (value: string | undefined) => (value ?? '').split(';')[0]!.trim().toLowerCase();

/** Sends a GET or HEAD of the URL without Authorization, whatever --header adds, paced as the run's requests are. */
async function sendPublic(t: Kit, url: string, method: 'GET' | 'HEAD') {
  const extraHeaders = Object.fromEntries(Object.entries(t.options.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'authorization'));
  const result = await sendExchange(new Request(url, { method }), { timeoutMs: t.options.requestTimeoutSeconds * 1000, rate: t.context.rate, extraHeaders });
  t.observe(result.exchange);
  return result;
}

/**
 * GET of the image at `url`, then HEAD of it, judged against GET (check head_as_get, rule http.head).
 * Undefined, with the failure recorded, when GET gets no answer.
 */
export async function fetchServed(t: Kit, url: string, evidence?: Exchange): Promise<ServedImage | undefined> {
  const got = await sendPublic(t, url, 'GET');
  if (!got.response) return void t.verify(false, `GET ${url} failed: ${got.exchange.error}`, { evidence: evidence ?? got.exchange });
  const served: ServedImage = { status: got.response.status, type: mediaType(got.response.headers.get('content-type') ?? undefined), bytes: Buffer.from(await got.response.arrayBuffer()), exchange: got.exchange };
  if (missingCapability(t.options.profile, ['head']) === undefined) await judgeHead(t, url, served);
  return served;
}

/** HEAD of the URL answers what the GET just sent answered, without the body. */
async function judgeHead(t: Kit, url: string, get: ServedImage): Promise<void> {
  const head = (await sendPublic(t, url, 'HEAD')).exchange;
  const options = { check: 'head_as_get', rules: ['http.head'], evidence: head } as const;
  const status = head.response?.status;
  if (!t.verify(status === get.status, `HEAD ${url} answered ${status ?? `nothing (${head.error})`} where GET answered ${get.status}`, options)) return;
  t.verify(!head.response?.body, `HEAD ${url} answered with a body of ${head.response?.body.length} bytes`, options);
  const headType = mediaType(header(head, 'content-type'));
  t.verify(headType === get.type, `HEAD ${url} answered Content-Type ${headType || 'none'}, GET ${get.type || 'none'}`, options);
  // The image never changes at its URL (uploads are not changed through the API): GET's body is the
  // length a HEAD's Content-Length must give (RFC 9110 section 8.6), unless GET's was encoded.
  const length = header(head, 'content-length');
  if (length !== undefined && header(get.exchange, 'content-encoding') === undefined) {
    t.verify(length.trim() === String(get.bytes.length), `HEAD ${url} answered Content-Length ${length}, but GET served ${get.bytes.length} bytes`, options);
  }
}
