/**
 * A JSON body in each Content-Encoding the contract names ("A JSON body may be compressed with
 * Content-Encoding: gzip, deflate or br"), each coded as its HTTP coding is defined: gzip as RFC 1952,
 * deflate as the zlib format of RFC 1950 ("a zlib data format containing a deflate compressed data
 * stream", RFC 9110 section 8.4.1.2, not the raw stream), br as RFC 7932. And the bodies that are
 * labelled with one coding but coded in another, the mistakes an implementer makes when reading them:
 * each "does not decode" under its label and is a 400 (requests.content-encoding).
 */
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';

export interface CodedBody {
  /** How the bytes are coded, for a failure's reason. */
  readonly name: string;
  /** The Content-Encoding the body is sent with. */
  readonly label: string;
  readonly code: (json: string) => Buffer;
}

/** The codings the contract names, coded as HTTP defines them. */
export const CONTRACT_CODINGS: readonly CodedBody[] = [
  { name: 'gzip (RFC 1952)', label: 'gzip', code: (json) => gzipSync(json) },
  { name: 'deflate in the zlib format (RFC 1950, as RFC 9110 section 8.4.1.2 defines deflate)', label: 'deflate', code: (json) => deflateSync(json) },
  { name: 'br (RFC 7932)', label: 'br', code: (json) => brotliCompressSync(json) },
];

/** Bodies coded otherwise than their label says: none decodes under it. */
export const MISLABELLED_CODINGS: readonly CodedBody[] = [
  { name: 'a raw DEFLATE stream (no zlib header), labelled deflate', label: 'deflate', code: (json) => deflateRawSync(json) },
  { name: 'gzip, labelled deflate', label: 'deflate', code: (json) => gzipSync(json) },
  { name: 'deflate in the zlib format, labelled gzip', label: 'gzip', code: (json) => deflateSync(json) },
];
