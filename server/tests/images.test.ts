/** Image upload: multipart with one `file` part, type read from content, size limit, served back. */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function form(parts: Array<[name: string, content: Buffer, filename: string, type: string]>): FormData {
  const data = new FormData();
  for (const [name, content, filename, type] of parts) data.append(name, new Blob([content], { type }), filename);
  return data;
}
const upload = (body: FormData, token?: string | null) =>
  t.api('POST', '/images/upload', { raw: body, ...(token !== undefined ? { token } : {}) });

describe('POST /images/upload', () => {
  it('stores a PNG and serves it back at the returned URL', async () => {
    const { status, body } = await upload(form([['file', PNG, 'pixel.png', 'image/png']]));
    expect(status).toBe(201);
    expect(body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/[0-9a-f]{32}\.png$/);
    const served = await fetch(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('names the image in Location: its public URL, the same as the answer\'s url', async () => {
    const answer = await fetch(`${t.baseUrl}/images/upload`, { method: 'POST', body: form([['file', PNG, 'pixel.png', 'image/png']]), headers: { Authorization: `Bearer ${t.token}` } });
    expect(answer.status).toBe(201);
    const { url } = (await answer.json()) as { url: string };
    expect(answer.headers.get('location')).toBe(url);
  });

  it('decides the type from the content, not the name or declared type', async () => {
    const { status, body } = await upload(form([['file', GIF, 'photo.png', 'image/png']]));
    expect(status).toBe(201);
    expect(body.url).toMatch(/\.gif$/);
  });

  it.each([
    ['an SVG', SVG, 'logo.svg', 'image/svg+xml'],
    ['text named like an image', Buffer.from('hello'), 'fake.png', 'image/png'],
    // Files that are no image though file-type names a type from their first bytes, and the shortest.
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
    ['one byte', Buffer.from([0x89]), 'byte.png', 'image/png'],
    ['the start of a GIF signature', Buffer.from('GIF', 'latin1'), 'start.gif', 'image/gif'],
    ['a GIF signature alone', Buffer.from('GIF89a', 'latin1'), 'bare.gif', 'image/gif'],
    ['a JPEG signature alone', Buffer.from([0xff, 0xd8, 0xff]), 'bare.jpg', 'image/jpeg'],
    ['a PNG signature alone', PNG.subarray(0, 8), 'bare.png', 'image/png'],
    ['a WebP header alone', Buffer.from('RIFF\x04\x00\x00\x00WEBP', 'latin1'), 'bare.webp', 'image/webp'],
    ['a PNG cut inside its header', PNG.subarray(0, 20), 'cut.png', 'image/png'],
  ])('refuses %s with 415', async (_, content, filename, type) => {
    const { status, body } = await upload(form([['file', content, filename, type]]));
    expect(status).toBe(415);
    expect(body.type).toMatch(/unsupported-media-type$/);
  });

  it('refuses an image over 10 MiB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const { status } = await upload(form([['file', big, 'big.png', 'image/png']]));
    expect(status).toBe(413);
  });

  it('counts the 10 MiB limit on the file, not the multipart framing: exactly 10 MiB is stored, one byte more is 413', async () => {
    const atLimit = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 - PNG.length)]);
    expect((await upload(form([['file', atLimit, 'limit.png', 'image/png']]))).status).toBe(201);
    const over = Buffer.concat([atLimit, Buffer.alloc(1)]);
    expect((await upload(form([['file', over, 'over.png', 'image/png']]))).status).toBe(413);
  });

  it('serves an image to anyone, without a token', async () => {
    const { body } = await upload(form([['file', GIF, 'pixel.gif', 'image/gif']]));
    const served = await fetch(body.url, { headers: {} });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/gif');
  });

  it('refuses a part with another name, or two files, with 422', async () => {
    expect((await upload(form([['image', PNG, 'a.png', 'image/png']]))).status).toBe(422);
    expect((await upload(form([['file', PNG, 'a.png', 'image/png'], ['file', PNG, 'b.png', 'image/png']]))).status).toBe(422);
  });

  it('refuses a JSON body with 415 and requires a token', async () => {
    expect((await t.api('POST', '/images/upload', { body: { file: 'x' } })).status).toBe(415);
    expect((await upload(form([['file', PNG, 'a.png', 'image/png']]), null)).status).toBe(401);
  });
});

describe('uploads on disk', () => {
  const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
  const incoming = () => path.join(t.config.dataDir, 'incoming');
  const images = () => path.join(t.config.dataDir, 'images');

  it('a refused or cut-off upload leaves nothing behind, incoming or among the images', async () => {
    const before = filesIn(images()).length;
    expect((await upload(form([['file', Buffer.from('hello'), 'fake.png', 'image/png']]))).status).toBe(415);
    expect((await upload(form([['file', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'big.png', 'image/png']]))).status).toBe(413);
    // A client that goes away halfway through its upload.
    const cut = new AbortController();
    const body = new ReadableStream({
      async pull(controller) {
        controller.enqueue(new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'));
        controller.enqueue(new Uint8Array(PNG));
        controller.enqueue(new Uint8Array(256 * 1024));
        await new Promise((resolve) => setTimeout(resolve, 200));
        cut.abort();
      },
    });
    await fetch(`${t.baseUrl}/images/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.token}`, 'Content-Type': 'multipart/form-data; boundary=b' },
      body,
      duplex: 'half',
      signal: cut.signal,
    } as RequestInit).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(filesIn(incoming())).toEqual([]);
    expect(filesIn(images())).toHaveLength(before);
  });

  it('a stored upload is moved out of the incoming directory', async () => {
    expect((await upload(form([['file', PNG, 'pixel.png', 'image/png']]))).status).toBe(201);
    expect(filesIn(incoming())).toEqual([]);
  });
});
