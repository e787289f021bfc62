/**
 * An uploaded image read at its public URL, as a browser's <img> does: a plain GET without any
 * Authorization (the URL is not an operation of the contract, and may be on another origin). The image
 * is public, so a request that carries a token is answered the same (ImageLocation: "A GET of it, with
 * or without a token, answers 200 with the bytes uploaded"; image.public-url): every image read so is
 * also read with the run's token, with the other workspace's (with --token2) and with a token no
 * workspace has, and each answer must be the one without a token, byte for byte. A server that serves
 * its images behind the API's authentication, scoped to the caller's workspace, serves a browser right
 * and shows only to a request that carries another workspace's token, or one it does not know. An image
 * over 2 MiB (the size tests' largest) is asked with each token by HEAD only, its status, type and
 * length judged against the GET without one: three more GETs of 10 MiB cost as much as every other
 * token read of a run together, and what a server answers a token does not depend on the image's size.
 *
 * Every URL read so is also asked with HEAD, with each of those Authorizations (http.head: HEAD is
 * answered wherever GET is, the URLs the API hands out included): the same status and media type as the
 * GET with the same Authorization, no body, and a Content-Length, where HEAD sends one, that is the
 * length of the body that GET served. A static handler for the images whose HEAD branch differs from its
 * GET shows only here: the suite's HEAD tests walk the contract's paths, which these are not.
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

/** An Authorization an image's reader may send: none, as a browser does, or a bearer token of some kind. */
interface Reader {
  /** How the failure names it: `without a token`, `with the other workspace's token`. */
  what: string;
  authorization?: string;
}

/** Images larger than this are asked with a token by HEAD only (see above). */
const TOKEN_GET_LIMIT = 2 * 1024 * 1024;

const header = (exchange: Exchange, name: string) => exchange.response?.headers.find(([key]) => key.toLowerCase() === name)?.[1];
const mediaType = (value: string | undefined) => (value ?? '').split(';')[0]!.trim().toLowerCase();

/** Who reads each image besides a browser: the run's workspace, the other one (with --token2), and a stranger's token. */
function tokenReaders(t: Kit): Reader[] {
  const readers: Reader[] = [{ what: "with the run's token", authorization: `Bearer ${t.options.token}` }];
  if (t.options.token2) readers.push({ what: "with the other workspace's token", authorization: `Bearer ${t.options.token2}` });
  // The same unknown token ignored_auth sends: a token is a token, whether or not the server knows it.
  readers.push({ what: 'with a token no workspace has', authorization: `Bearer conformance-${t.options.runId}-not-a-token` });
  return readers;
}

/** Sends a GET or HEAD of the URL with the reader's Authorization only (none that --header adds), paced as the run's requests are. */
async function sendAs(t: Kit, url: string, method: 'GET' | 'HEAD', reader: Reader) {
  const extraHeaders = Object.fromEntries(Object.entries(t.options.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'authorization'));
  const headers = new Headers(reader.authorization ? { Authorization: reader.authorization } : undefined);
  const result = await sendExchange({ method, url, headers }, { timeoutMs: t.options.requestTimeoutSeconds * 1000, rate: t.context.rate, extraHeaders });
  t.observe(result.exchange);
  return result;
}

/** A GET of the URL as the reader; undefined, with the failure recorded, when no answer came. */
async function getAs(t: Kit, url: string, reader: Reader, evidence?: Exchange): Promise<ServedImage | undefined> {
  const got = await sendAs(t, url, 'GET', reader);
  if (!got.exchange.response || !got.bytes) return void t.verify(false, `GET ${url} ${reader.what} failed: ${got.exchange.error}`, { evidence: evidence ?? got.exchange });
  return { status: got.exchange.response.status, type: mediaType(header(got.exchange, 'content-type')), bytes: got.bytes, exchange: got.exchange };
}

/**
 * A GET of the image at `url` without a token and nothing more, for a test that reads many images
 * whose HEAD and token reads fetchServed judges elsewhere (the same types, served by the same
 * handler); undefined, with the failure recorded, when no answer came.
 */
export function readServed(t: Kit, url: string, evidence?: Exchange): Promise<ServedImage | undefined> {
  return getAs(t, url, { what: 'without a token' }, evidence);
}

/**
 * GET of the image at `url` without a token, then HEAD of it, judged against GET (check head_as_get,
 * rule http.head); where that GET served something (200), the same GET and HEAD with each token reader,
 * at once (HEAD alone for an image over 2 MiB), each judged against the GET without a token
 * (image.public-url) and each HEAD against its GET. Undefined, with the
 * failure recorded, when the GET without a token gets no answer.
 */
export async function fetchServed(t: Kit, url: string, evidence?: Exchange): Promise<ServedImage | undefined> {
  const browser: Reader = { what: 'without a token' };
  const served = await getAs(t, url, browser, evidence);
  if (!served) return undefined;
  const asksHead = missingCapability(t.options.profile, ['head']) === undefined;
  // What a URL that serves nothing answers to a token is not the contract's: only an image is public.
  const readers = served.status === 200 ? tokenReaders(t) : [];
  await Promise.all([
    asksHead ? judgeHead(t, url, served, browser) : undefined,
    ...readers.map(async (reader) => {
      if (served.bytes.length > TOKEN_GET_LIMIT) return asksHead ? judgeTokenHead(t, url, served, reader) : undefined;
      const read = await getAs(t, url, reader, evidence);
      if (!read || !judgeTokenRead(t, url, served, read, reader)) return;
      if (asksHead) await judgeHead(t, url, read, reader);
    }),
  ]);
  return served;
}

/** A GET with a token answers what the GET without one did: the image is public, whoever asks. */
function judgeTokenRead(t: Kit, url: string, anonymous: ServedImage, read: ServedImage, reader: Reader): boolean {
  const same = read.status === anonymous.status && read.type === anonymous.type && read.bytes.equals(anonymous.bytes);
  const differs = read.status !== anonymous.status ? `answered ${read.status}` : read.type !== anonymous.type ? `answered Content-Type ${read.type || 'none'}` : `answered ${read.bytes.length} bytes that differ`;
  return t.verify(
    same,
    `GET ${url} ${reader.what} ${differs}, where without a token it answered ${anonymous.status} ${anonymous.type || 'without a type'} with ${anonymous.bytes.length} bytes: the image is public, served the same with or without a token, whichever workspace's (ImageLocation; image.public-url)`,
    { check: 'ensure_resource_availability', rules: ['image.public-url'], evidence: read.exchange },
  );
}

/** A large image's HEAD with a token answers what its GET without one did (image.public-url), and as a HEAD does. */
async function judgeTokenHead(t: Kit, url: string, anonymous: ServedImage, reader: Reader): Promise<void> {
  const head = (await sendAs(t, url, 'HEAD', reader)).exchange;
  const status = head.response?.status;
  const served = t.verify(
    status === anonymous.status,
    `HEAD ${url} ${reader.what} answered ${status ?? `nothing (${head.error})`}, where GET without a token answered ${anonymous.status}: the image is public, served the same with or without a token, whichever workspace's (ImageLocation; image.public-url)`,
    { check: 'ensure_resource_availability', rules: ['image.public-url'], evidence: head },
  );
  if (served) judgeHeadAnswer(t, url, head, anonymous, reader);
}

/** HEAD of the URL, as the reader, answers what the reader's GET just answered, without the body. */
async function judgeHead(t: Kit, url: string, get: ServedImage, reader: Reader): Promise<void> {
  const head = (await sendAs(t, url, 'HEAD', reader)).exchange;
  const status = head.response?.status;
  if (!t.verify(status === get.status, `HEAD ${url} ${reader.what} answered ${status ?? `nothing (${head.error})`} where GET answered ${get.status}`, { check: 'head_as_get', rules: ['http.head'], evidence: head })) return;
  judgeHeadAnswer(t, url, head, get, reader);
}

/** A HEAD answered with GET's status: no body, GET's type, and GET's length where it gives one. */
function judgeHeadAnswer(t: Kit, url: string, head: Exchange, get: ServedImage, reader: Reader): void {
  const options = { check: 'head_as_get', rules: ['http.head'], evidence: head } as const;
  t.verify(!head.response?.body, `HEAD ${url} ${reader.what} answered with a body of ${head.response?.body.length} bytes`, options);
  const headType = mediaType(header(head, 'content-type'));
  t.verify(headType === get.type, `HEAD ${url} ${reader.what} answered Content-Type ${headType || 'none'}, GET ${get.type || 'none'}`, options);
  // The image never changes at its URL (uploads are not changed through the API): GET's body is the
  // length a HEAD's Content-Length must give (RFC 9110 section 8.6), unless GET's was encoded.
  const length = header(head, 'content-length');
  if (length !== undefined && header(get.exchange, 'content-encoding') === undefined) {
    t.verify(length.trim() === String(get.bytes.length), `HEAD ${url} ${reader.what} answered Content-Length ${length}, but GET served ${get.bytes.length} bytes`, options);
  }
}
