/**
 * image.url-per-upload across the run, as `upload_url_own` judges it (suite/upload-urls.ts). The runs
 * that show it: the fault upload-same-bytes-same-url (tests/relation-faults.ts), and every clean run.
 */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/exchange.ts';
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
    const first = uploaded('https://cdn.example/images/aa.png');
    expect(urls.observe(first)).toEqual({ url: 'https://cdn.example/images/aa.png' });
    expect(urls.observe(uploaded('https://cdn.example/images/bb.png'))).toEqual({ url: 'https://cdn.example/images/bb.png' });
    // The same URL, however spelt (the URL parser's spelling), is another upload's.
    expect(urls.observe(uploaded('HTTPS://CDN.example/images/aa.png'))?.earlier).toBe(first);
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
