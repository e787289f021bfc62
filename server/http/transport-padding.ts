/**
 * RFC 2046 section 5.1.1 lets a boundary line end in transport padding, spaces and tabs before its
 * CRLF ("receivers MUST be able to handle padding added by message transports"); busboy, which multer
 * parses with, takes a padded boundary line for data and finds no part. This takes the padding out of
 * a multipart body as it streams, so busboy reads the body the client meant: only white space that
 * follows a delimiter (`--boundary` at the body's start or after a CRLF, with `--` if it closes) and
 * precedes a CRLF is removed, so the parts' bytes are never touched.
 */

const CRLF = Buffer.from('\r\n', 'latin1');
/** More padding than this is not padding a transport adds: left as it is (and busboy's to judge). */
const MAX_PADDING = 1024;

const isPadding = (byte: number | undefined) => byte === 0x20 || byte === 0x09;

export interface PaddingRemover {
  /** The next bytes of the body: what can be passed on now (some may be held back until the next chunk). */
  push(chunk: Buffer): Buffer;
  /** The body ended: what was held back. */
  end(): Buffer;
}

export function transportPaddingRemover(boundary: string): PaddingRemover {
  const dashBoundary = Buffer.from(`--${boundary}`, 'latin1');
  const delimiter = Buffer.concat([CRLF, dashBoundary]);
  let held: Buffer = Buffer.alloc(0);
  let atStart = true;

  /**
   * Where the padding after a dash-boundary ending at `from` lies: [start, end) to remove, null for
   * none, or 'more' when the bytes end before it can be told.
   */
  const paddingAfter = (buffer: Buffer, from: number): [number, number] | null | 'more' => {
    let at = from;
    if (at + 2 > buffer.length) return 'more';
    if (buffer[at] === 0x2d && buffer[at + 1] === 0x2d) at += 2;
    const start = at;
    while (at < buffer.length && isPadding(buffer[at]) && at - start <= MAX_PADDING) at++;
    if (at - start > MAX_PADDING) return null;
    if (at + 2 > buffer.length) return 'more';
    if (at === start || buffer[at] !== 0x0d || buffer[at + 1] !== 0x0a) return null;
    return [start, at];
  };

  const push = (chunk: Buffer, final = false): Buffer => {
    const buffer = held.length ? Buffer.concat([held, chunk]) : chunk;
    held = Buffer.alloc(0);
    const kept: Buffer[] = [];
    let copied = 0;
    let searchFrom = 0;
    if (atStart) {
      if (buffer.length < dashBoundary.length && dashBoundary.subarray(0, buffer.length).equals(buffer) && !final) {
        held = buffer;
        return Buffer.alloc(0);
      }
      atStart = false;
      if (buffer.subarray(0, dashBoundary.length).equals(dashBoundary)) {
        const padding = paddingAfter(buffer, dashBoundary.length);
        if (padding === 'more' && !final) {
          atStart = true;
          held = buffer;
          return Buffer.alloc(0);
        }
        if (Array.isArray(padding)) {
          kept.push(buffer.subarray(0, padding[0]));
          copied = padding[1];
        }
        searchFrom = dashBoundary.length;
      }
    }
    for (;;) {
      const found = buffer.indexOf(delimiter, searchFrom);
      if (found < 0) break;
      const padding = paddingAfter(buffer, found + delimiter.length);
      if (padding === 'more' && !final) {
        kept.push(buffer.subarray(copied, found));
        held = buffer.subarray(found);
        return Buffer.concat(kept);
      }
      if (Array.isArray(padding)) {
        kept.push(buffer.subarray(copied, padding[0]));
        copied = padding[1];
      }
      searchFrom = found + delimiter.length;
    }
    // A delimiter may begin in the last bytes: hold back as many as could be its start.
    let keepFrom = buffer.length;
    if (!final) {
      for (let length = Math.min(delimiter.length - 1, buffer.length - copied); length > 0; length--) {
        if (buffer.subarray(buffer.length - length).equals(delimiter.subarray(0, length))) {
          keepFrom = buffer.length - length;
          break;
        }
      }
    }
    kept.push(buffer.subarray(copied, keepFrom));
    held = Buffer.from(buffer.subarray(keepFrom));
    return Buffer.concat(kept);
  };

  return { push: (chunk) => push(chunk), end: () => push(Buffer.alloc(0), true) };
}
