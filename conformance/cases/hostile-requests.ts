/**
 * A hostile case made into the request it sends: real path ids, a valid body carrying the case's marker
 * (so a resource stored by mistake can be found), and the hostile part as the exact bytes and headers.
 */
import { gzipSync } from 'node:zlib';
import type { OperationInfo } from '../contract/document.ts';
import { shellQuote } from '../http/curl.ts';
import type { StalledRequest } from '../http/stalled-body.ts';
import { SAMPLE_IMAGES } from '../suite/images.ts';
import type { Kit, RawRequest } from '../suite/kit.ts';
import { fillPath, requestWithBody, validBody, type PathIds } from '../suite/requests.ts';
import {
  invalidUtf8Body,
  MARKDOWN_SHAPES,
  multipartBody,
  NUMBER_SPELLINGS,
  withDeepNesting,
  withControlCharacter,
  withLoneSurrogates,
  withUnknownKeys,
  type HostileInput,
} from './hostile-inputs.ts';
import { jsonMedia, takesUpload } from './json-media.ts';

/** Fields that carry the marker: what a stored resource would be found by in its list. */
const MARKED_FIELDS = ['name', 'title', 'subject'];
/** A curl line carries a body compressed and base64-encoded only up to this length. */
const MOST_ENCODED_IN_CURL = 4000;

/** A valid body for the operation with the marker in every field that names the resource. */
export function markedBody(t: Kit, operation: OperationInfo, marker: string): Record<string, unknown> | undefined {
  if (!jsonMedia(operation)) return undefined;
  const body = validBody(t, operation, 'minimal');
  for (const field of Object.keys(body)) {
    if (MARKED_FIELDS.includes(field)) body[field] = marker;
    else if (field === 'email') body[field] = `${marker}@example.com`;
  }
  return body;
}

/** How curl sends these exact bytes: inline when they are short text, else compressed and encoded. */
function curlBodyOf(bytes: Buffer, contentType: string): string | undefined {
  const encoded = gzipSync(bytes).toString('base64');
  if (encoded.length > MOST_ENCODED_IN_CURL) return undefined;
  // curl leaves out the Content-Type it is given when a body is set this way: it is repeated here.
  return `-H ${shellQuote(`Content-Type: ${contentType}`)} --data-binary @<(echo ${encoded} | base64 -d | gunzip)`;
}

function jsonText(operation: OperationInfo, ids: PathIds, text: string | Buffer, contentType = 'application/json', headers: Record<string, string> = {}): RawRequest {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  // Plain short text shows as it is; bytes that are not (UTF-16, invalid UTF-8) or long bodies go encoded.
  const plain = typeof text === 'string' && text.length <= 2000;
  const curlBody = plain ? undefined : curlBodyOf(bytes, contentType);
  return { method: operation.method, path: fillPath(operation.path, ids), body: bytes, contentType, headers, ...(curlBody ? { curlBody } : {}) };
}

/** The request of a hostile case; `stalled` for the one fetch cannot send. */
export type HostileRequest = { raw: RawRequest } | { stalled: StalledRequest };

export function hostileRequest(t: Kit, operation: OperationInfo, hostile: HostileInput, ids: PathIds, marker: string): HostileRequest {
  const body = markedBody(t, operation, marker);
  const field = 'field' in hostile ? hostile.field : undefined;
  const prefix = field && (MARKED_FIELDS.includes(field) || field === 'email') ? marker : 'conformance ';
  switch (hostile.kind) {
    case 'number': {
      const spell = NUMBER_SPELLINGS[hostile.spelling].spell;
      const spelled = spell(hostile.in === 'path' ? (ids[hostile.name] as number) : (hostile.value ?? 1));
      const request = requestWithBody(operation, hostile.in === 'path' ? { ...ids, [hostile.name]: spelled } : ids, body);
      if (hostile.in === 'query') request.query = { [hostile.name]: spelled };
      return { raw: request };
    }
    case 'head':
      return { raw: { method: 'HEAD', path: fillPath(operation.path, ids) } };
    case 'lone-surrogate':
      return { raw: jsonText(operation, ids, JSON.stringify({ ...body, [hostile.field]: withLoneSurrogates(prefix, hostile.fill) })) };
    case 'control-character':
      return { raw: jsonText(operation, ids, JSON.stringify({ ...body, [hostile.field]: withControlCharacter(prefix, hostile.character) })) };
    case 'invalid-utf8':
      return { raw: jsonText(operation, ids, invalidUtf8Body(body ?? {}, hostile.field, prefix)) };
    case 'charset':
      return { raw: jsonText(operation, ids, Buffer.from(JSON.stringify(body), 'utf16le'), `application/json; charset=${hostile.charset}`) };
    case 'encoding':
      // The body is the plain JSON: it does not decode as gzip or deflate, and a target that ignores
      // the header and stores it is found by the marker.
      return { raw: jsonText(operation, ids, JSON.stringify(body), 'application/json', { 'Content-Encoding': hostile.encoding }) };
    case 'unknown-keys':
      return { raw: jsonText(operation, ids, withUnknownKeys(body ?? {}, hostile.count)) };
    case 'deep-nesting':
      return { raw: jsonText(operation, ids, withDeepNesting(body ?? {}, hostile.field, hostile.depth)) };
    case 'markdown':
      return { raw: jsonText(operation, ids, JSON.stringify({ ...body, [hostile.field]: MARKDOWN_SHAPES[hostile.shape].text() })) };
    case 'multipart-subtype': {
      const { body: bytes, contentType } = multipartBody(SAMPLE_IMAGES[0]!, hostile.subtype);
      return { raw: jsonText(operation, ids, bytes, contentType) };
    }
    case 'stalled-oversize': {
      const upload = takesUpload(operation) && !jsonMedia(operation);
      const boundary = 'conformance-stalled-boundary';
      const head = upload ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.png"\r\nContent-Type: image/png\r\n\r\n` : '';
      const sent = Buffer.concat([Buffer.from(head, 'latin1'), Buffer.alloc(hostile.sent - head.length, upload ? 0 : 0x20)]);
      return {
        stalled: {
          url: t.options.baseUrl + fillPath(operation.path, ids),
          method: operation.method,
          headers: { ...t.options.headers, Authorization: `Bearer ${t.options.token}`, 'Content-Type': upload ? `multipart/form-data; boundary=${boundary}` : 'application/json' },
          declared: hostile.declared,
          sent,
          waitMs: stalledWaitMs(t),
        },
      };
    }
    case 'unicode-case':
    case 'domain-signal':
      throw new Error(`${hostile.kind} is a sequence of requests, not one (run-hostile.ts)`);
  }
}

/** A target that knows the length from the headers answers at once; this leaves it ample time. */
export function stalledWaitMs(t: Kit): number {
  return Math.max(3, (t.options.responsiveWithinSeconds ?? 1) * 2) * 1000;
}

