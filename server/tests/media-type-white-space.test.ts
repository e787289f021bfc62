/**
 * A media type's parameters with tabs around their `;` (RFC 9110 section 5.6.6: OWS is spaces and
 * tabs) are the same media type as with spaces: a JSON body and an upload are taken as usual
 * (requests.media-type-any-case), though the parsers underneath read only spaces there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTypeWithPlainSeparators } from '../http/media-type-white-space.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('tabs around the parameters of a media type', () => {
  it('become one space after each `;`, a quoted value kept as it is', () => {
    expect(mediaTypeWithPlainSeparators('multipart/form-data\t;\tcharset=utf-8 \t; boundary="a\t;b";x=1')).toBe('multipart/form-data; charset=utf-8; boundary="a\t;b"; x=1');
  });

  it('cost one pass over the header, whatever it holds (16 KB of tabs, of quotes, of separators)', () => {
    // A regular expression for the same rewrite backtracked over each run of white space: about a
    // second for 16 KB of tabs, nine for these ten rewrites. The bound is twenty times what one pass takes
    // on a busy machine, so only work that grows with the square of the length reaches it.
    for (const hostile of ['\t'.repeat(16_000), '\t;'.repeat(8_000), 'a;\t"' + '\\"'.repeat(8_000), ' '.repeat(16_000) + '\t']) {
      const plain = mediaTypeWithPlainSeparators(hostile);
      expect(plain.length).toBeLessThanOrEqual(hostile.length * 2);
      const started = performance.now();
      for (let round = 0; round < 10; round += 1) mediaTypeWithPlainSeparators(hostile);
      expect(performance.now() - started, `10 rewrites of ${hostile.length} characters`).toBeLessThan(500);
    }
  });

  it('leave a JSON body taken as with spaces', async () => {
    const { status, body } = await t.api('POST', '/newsletters', {
      raw: JSON.stringify({ name: 'Tabbed' }),
      headers: { 'Content-Type': 'Application/JSON\t;\tx-note=1\t;charset="UTF-8";\tx-attempt=2' },
    });
    expect([status, body.name]).toEqual([201, 'Tabbed']);
  });

  it('leave an upload taken as with spaces, the boundary after another parameter', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
    const request = new Request('http://form.invalid/', { method: 'POST', body: form });
    const boundary = /boundary=([^;]+)/.exec(request.headers.get('content-type') ?? '')![1]!;
    const { status } = await t.api('POST', '/images/upload', {
      raw: Buffer.from(await request.arrayBuffer()),
      headers: { 'Content-Type': `multipart/form-data\t;\tcharset=utf-8\t;\tboundary="${boundary}"\t;\tx-note=1` },
    });
    expect(status).toBe(201);
  });
});
