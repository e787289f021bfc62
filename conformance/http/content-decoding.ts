/**
 * A response body decoded from its Content-Encoding exactly as Node's fetch (undici) decoded it when the
 * suite sent through fetch: the suite asks for `gzip, deflate` (send.ts), so a target behind a
 * compressing proxy answers compressed, and its answers must be judged on the JSON inside, as before.
 *
 * The same rules as undici's: nothing is decoded for HEAD, CONNECT or a status without a body; the
 * codings are undone last first; `gzip`/`x-gzip`, `deflate` (zlib-wrapped or raw, told by the first
 * byte) and `br` are decoded, leniently (Z_SYNC_FLUSH, as curl does, so a body cut short yields what it
 * holds); any other coding (`identity` included) leaves the body as it came; more than 5 codings is an error.
 */
import zlib from 'node:zlib';

const NULL_BODY_STATUSES = [101, 204, 205, 304];
const MAX_CONTENT_ENCODINGS = 5;

const ZLIB_LENIENT = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
const BROTLI_LENIENT = { flush: zlib.constants.BROTLI_OPERATION_FLUSH, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH };

function decoderOf(coding: string): ((bytes: Buffer) => Buffer) | undefined {
  if (coding === 'gzip' || coding === 'x-gzip') return (bytes) => zlib.gunzipSync(bytes, ZLIB_LENIENT);
  // A deflate body is zlib-wrapped as RFC 9110 says, or raw deflate as some servers send it.
  if (coding === 'deflate') return (bytes) => ((bytes[0]! & 15) === 8 ? zlib.inflateSync(bytes, ZLIB_LENIENT) : zlib.inflateRawSync(bytes, ZLIB_LENIENT));
  if (coding === 'br') return (bytes) => zlib.brotliDecompressSync(bytes, BROTLI_LENIENT);
  return undefined;
}

/** The body as the target meant it; throws when it does not decode under its Content-Encoding. */
export function decodedBody(method: string, status: number, contentEncoding: string | undefined, bytes: Buffer): Buffer {
  if (!contentEncoding || method === 'HEAD' || method === 'CONNECT' || NULL_BODY_STATUSES.includes(status)) return bytes;
  const codings = contentEncoding.toLowerCase().split(',');
  if (codings.length > MAX_CONTENT_ENCODINGS) throw new Error(`too many content-encodings in response: ${codings.length}, maximum allowed is ${MAX_CONTENT_ENCODINGS}`);
  const decoders: ((bytes: Buffer) => Buffer)[] = [];
  for (let i = codings.length - 1; i >= 0; i--) {
    const decoder = decoderOf(codings[i]!.trim());
    // One coding the client does not know, and the body is kept as it came.
    if (!decoder) return bytes;
    decoders.push(decoder);
  }
  // An empty body decodes to nothing (undici's streams never start a decoder without a byte).
  return decoders.reduce((body, decode) => (body.length === 0 ? body : decode(body)), bytes);
}
