/**
 * RFC 2046's transport padding (spaces and tabs after a boundary, before its CRLF) is taken out before
 * busboy reads an upload (http/transport-padding.ts): a padded body is the plain upload, a 201 serving
 * the same bytes. The remover is also checked alone, the body cut at every byte, so that padding split
 * across chunks is found and the parts' own bytes (a boundary-like line without a CRLF before it,
 * white space in the data) are never touched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transportPaddingRemover } from '../http/transport-padding.ts';
import { PNG } from './contrast-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

const BOUNDARY = 'padded-boundary';

const body = (padding: string, data: Buffer = PNG, preamble = '') =>
  Buffer.concat([
    Buffer.from(`${preamble}--${BOUNDARY}${padding}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\nContent-Type: image/png\r\n\r\n`, 'latin1'),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--${padding}\r\n`, 'latin1'),
  ]);

/** The remover's output for `input` fed in two pieces cut at `cut`. */
function removeInTwo(input: Buffer, cut: number): Buffer {
  const remover = transportPaddingRemover(BOUNDARY);
  return Buffer.concat([remover.push(input.subarray(0, cut)), remover.push(input.subarray(cut)), remover.end()]);
}

describe('the transport padding remover', () => {
  it('removes the padding after every boundary, however the body is cut', () => {
    for (const [padded, plain] of [
      [body(' \t '), body('')],
      [body('\t', PNG, 'A preamble.\r\n'), body('', PNG, 'A preamble.\r\n')],
    ] as const) {
      for (let cut = 0; cut <= padded.length; cut++) expect(removeInTwo(padded, cut).equals(plain), `cut at ${cut}`).toBe(true);
    }
  });

  it("leaves the parts' bytes alone: a boundary-like line inside the data, white space without a CRLF after it", () => {
    const data = Buffer.from(`not a boundary, no CRLF before it: --${BOUNDARY}  \r\nwhite space \t\r\n`, 'latin1');
    const plain = body('', data);
    for (let cut = 0; cut <= plain.length; cut++) expect(removeInTwo(plain, cut).equals(plain), `cut at ${cut}`).toBe(true);
  });
});

describe('uploadImage with transport padding', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 201 and serves the bytes uploaded', async () => {
    const answer = await server.api('POST', '/images/upload', { raw: body(' \t '), headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` } });
    expect(answer.status).toBe(201);
    const image = await fetch(answer.body.url as string);
    expect([image.status, Buffer.from(await image.arrayBuffer()).equals(PNG)]).toEqual([200, true]);
  });
});
