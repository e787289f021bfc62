/**
 * An upload sent with each Content-Encoding a client or a proxy may put on it: the body really coded
 * in gzip (RFC 1952), deflate (the zlib format, RFC 1950) and br (RFC 7932), as a client that
 * compresses every body sends it; a plain body labelled gzip, as a proxy that labels without coding
 * sends it; a coding no server knows; a list of two, coded in turn; and `identity`. The contract takes
 * an upload "as is, without a `Content-Encoding`" and answers one "sent with a `Content-Encoding`"
 * `415` (uploadImage's description and its 415; the introduction: "The image upload is sent without a
 * `Content-Encoding`"; rule image.no-content-encoding), before the body is read (the order of errors:
 * `415` before `400`), so each is a 415 whether or not its body decodes. A parser that reads the body
 * whatever its label stores the plain one (201) and answers a coded one 400, not multipart.
 *
 * `identity` is no coding (RFC 9110 section 12.5.3 reserves it for "no encoding"), and the rule says
 * so: "`Content-Encoding: identity` names no coding ... and is taken as no header", a `201`.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

export interface EncodedUpload {
  /** How the failure names it. */
  what: string;
  /** The Content-Encoding header sent. */
  label: string;
  code: (body: Buffer) => Buffer;
  /** The statuses the contract allows. */
  expected: number[];
}

const plain = (body: Buffer) => body;

export const UPLOAD_ENCODINGS: readonly EncodedUpload[] = [
  { what: 'coded in gzip', label: 'gzip', code: (body) => gzipSync(body), expected: [415] },
  { what: 'coded in deflate (the zlib format)', label: 'deflate', code: (body) => deflateSync(body), expected: [415] },
  { what: 'coded in br', label: 'br', code: (body) => brotliCompressSync(body), expected: [415] },
  { what: 'labelled gzip, the body plain', label: 'gzip', code: plain, expected: [415] },
  { what: 'labelled x-conformance, a coding no server knows, the body plain', label: 'x-conformance', code: plain, expected: [415] },
  { what: 'labelled gzip, br, coded in gzip and then br', label: 'gzip, br', code: (body) => brotliCompressSync(gzipSync(body)), expected: [415] },
  { what: 'labelled identity, the body plain', label: 'identity', code: plain, expected: [201] },
];
