/**
 * Bodies a client or a proxy may attach to a request whose operation takes none (a GET, a HEAD, a
 * DELETE): one of each kind a server could trip on, were it to read them. The contract ignores them
 * all: "a body sent with GET or DELETE is ignored, whatever it holds"
 * (requests.body-ignored-without-operation-body). Each stands for a way a server goes wrong: validating
 * JSON it should not read (422), parsing it (400), guarding the content type (415), decoding its
 * Content-Encoding (400, 415).
 */
import { gzipSync } from 'node:zlib';

export interface StrayBody {
  /** What the body is, for a failure's reason. */
  readonly name: string;
  readonly body: string | Buffer;
  /** The header fields sent with it; a body without a Content-Type has none. */
  readonly headers: Record<string, string>;
}

/** Bytes that are no text: a server reading them as UTF-8 or JSON can only refuse them. */
const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe]);

export const STRAY_BODIES: readonly StrayBody[] = [
  { name: 'JSON with a field no operation has', body: '{"confirm":true}', headers: { 'Content-Type': 'application/json' } },
  { name: 'declared JSON but not parseable', body: '{"this is": not JSON', headers: { 'Content-Type': 'application/json' } },
  { name: 'text/plain', body: 'please go ahead', headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  { name: 'a form', body: 'confirm=true', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
  { name: 'binary, application/octet-stream', body: BINARY, headers: { 'Content-Type': 'application/octet-stream' } },
  { name: 'binary without a Content-Type', body: BINARY, headers: {} },
  { name: 'JSON in Content-Encoding gzip', body: gzipSync('{"confirm":true}'), headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' } },
  { name: 'text in Content-Encoding x-unknown', body: 'please go ahead', headers: { 'Content-Type': 'text/plain', 'Content-Encoding': 'x-unknown' } },
];
