/**
 * image.url-per-upload and image.url-unguessable across the run, as `upload_url_own` judges them
 * (suite/upload-urls.ts, suite/guessable-urls.ts). The runs that show them: the faults
 * upload-same-bytes-same-url and upload-names-counted-up (tests/relation-faults.ts), and every clean run.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/exchange.ts';
import { differingParts, guessableFrom } from '../suite/guessable-urls.ts';
import { UploadUrls } from '../suite/upload-urls.ts';

function answer(method: string, status: number, body: string, headers: [string, string][] = []): Exchange {
  return {
    request: { method, url: 'http://target.example/api/v1/images/upload', headers: [] },
    response: { status, headers, body, utf8: true, durationMs: 1 },
  };
}

const uploaded = (url: string) => answer('POST', 201, JSON.stringify({ url }));

describe('the URL of every upload of the run', () => {
  it('passes uploads of URLs of their own, and names the earlier upload a URL was answered to', () => {
    const urls = new UploadUrls();
    const [a, b] = ['3f9a0c2e5b7d4e1f8a6b9c0d2e4f6a8b', 'c41f7e7e5a0b2d9c3e8f1a6b4d2c0e9f'];
    const first = uploaded(`https://cdn.example/images/${a}.png`);
    expect(urls.observe(first)).toEqual({ url: `https://cdn.example/images/${a}.png` });
    expect(urls.observe(uploaded(`https://cdn.example/images/${b}.png`))).toEqual({ url: `https://cdn.example/images/${b}.png` });
    // The same URL, however spelt (the URL parser's spelling), is another upload's.
    expect(urls.observe(uploaded(`HTTPS://CDN.example/images/${a}.png`))?.earlier).toBe(first);
  });

  it('judges only answers that give a created resource by its url alone', () => {
    const urls = new UploadUrls();
    const page = answer('POST', 201, JSON.stringify({ id: 1, url: 'https://x.example/a' }));
    expect(urls.observe(page)).toBeUndefined();
    expect(urls.observe(answer('POST', 415, JSON.stringify({ url: 'https://x.example/a' })))).toBeUndefined();
    expect(urls.observe(answer('POST', 201, 'not json'))).toBeUndefined();
    // The same exchange judged twice (recorded once per request) is no second upload.
    const once = uploaded('https://x.example/a');
    expect(urls.observe(once)?.earlier).toBeUndefined();
    expect(urls.observe(once)?.earlier).toBeUndefined();
  });
});

describe('whether one upload URL can be guessed from another', () => {
  it('reads the part between the common prefix and the common suffix', () => {
    expect(differingParts('https://x.example/images/00a1.png', 'https://x.example/images/00b1.png')).toEqual(['a', 'b']);
    expect(differingParts('https://x.example/i/abc.png', 'https://x.example/i/abc.webp')).toEqual(['png', 'webp']);
    expect(differingParts('https://x.example/a', 'https://x.example/a')).toEqual(['', '']);
  });

  it('tells the names of a counter, however long the fixed prefix drawn at start-up, and of a time', () => {
    const prefix = 'https://x.example/images/9c1e5a7b3d2f4e6a8b0c1d2e';
    const counted = (n: number) => `${prefix}${n.toString(16).padStart(8, '0')}.png`;
    expect(guessableFrom(counted(2), counted(1))).toMatch(/only in "2" where the other has "1"/);
    expect(guessableFrom(counted(0x100), counted(0xff))).toMatch(/fewer than 8 characters/);
    expect(guessableFrom('https://x.example/img/1732112345678.jpg', 'https://x.example/img/1732112340021.jpg')).toBeDefined();
    // Far apart in the string, close as numbers: a carry through every digit between.
    expect(guessableFrom('https://x.example/i/1000000000000000.png', 'https://x.example/i/0ffffffffffffffe.png')).toMatch(/2 apart/);
  });

  it('passes random names of at least 96 bits, in hex, base64url and as UUIDs, pair by pair', () => {
    const forms = [
      () => `https://x.example/images/${randomBytes(16).toString('hex')}.png`,
      () => `https://cdn.example/${randomBytes(12).toString('base64url')}`,
      () => `https://x.example/u/${randomUUID()}.gif`,
    ];
    for (const form of forms) {
      const urls = Array.from({ length: 60 }, form);
      for (const [index, url] of urls.entries()) for (const other of urls.slice(0, index)) expect(guessableFrom(url, other)).toBeUndefined();
    }
  });

  it('records a guessable upload with the earlier one it can be guessed from, and keeps judging the next', () => {
    const urls = new UploadUrls();
    const first = uploaded('https://x.example/images/9c1e5a7b3d2f4e6a8b0c1d2e00000001.png');
    urls.observe(first);
    expect(urls.observe(uploaded('https://x.example/images/9c1e5a7b3d2f4e6a8b0c1d2e00000002.png'))?.guessable?.from).toBe(first);
    expect(urls.observe(uploaded('https://x.example/images/0b6d2f8a4c1e3a5b7d9f0e2c4a6b8d0f.png'))?.guessable).toBeUndefined();
  });
});
