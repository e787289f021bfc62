/**
 * http.head's Content-Length, as `head_as_get` judges it (contract/head-content-length.ts). The runs
 * that show it: the fault head-page-content-length-zero (tests/relation-faults.ts), and every clean run.
 */
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/exchange.ts';
import { headContentLengthProblem } from '../contract/head-content-length.ts';

function answer(method: string, status: number, body: string, headers: [string, string][] = []): Exchange {
  return {
    request: { method, url: 'http://target.example/api/v1/pages/1', headers: [] },
    response: { status, headers, body, utf8: true, durationMs: 1 },
  };
}

describe("a HEAD's Content-Length", () => {
  const body = JSON.stringify({ id: 1, name: 'Blog é' });
  const length = String(Buffer.byteLength(body));
  const get = (text = body, headers: [string, string][] = [['content-length', String(Buffer.byteLength(text))]]) => answer('GET', 200, text, headers);
  const head = (headers: [string, string][]) => answer('HEAD', 200, '', headers);

  it("is GET's, in bytes", () => {
    expect(headContentLengthProblem(get(), head([['content-length', length]]), get())).toBeUndefined();
    expect(headContentLengthProblem(get(), head([['content-length', '0']]), get())).toContain(`is 0, but GET's body`);
    // A GET sent without Content-Length (chunked): its body's bytes.
    expect(headContentLengthProblem(get(body, []), head([['content-length', '0']]), get(body, []))).toContain(`${length} bytes`);
    expect(headContentLengthProblem(get(body, []), head([['content-length', length]]), get(body, []))).toBeUndefined();
  });

  it('is not judged where HEAD sends none, or the GETs around it disagree, or the body is encoded without a length', () => {
    expect(headContentLengthProblem(get(), head([]), get())).toBeUndefined();
    expect(headContentLengthProblem(get(), head([['content-length', '0']]), get(`${body} `))).toBeUndefined();
    const encoded: [string, string][] = [['content-encoding', 'gzip']];
    expect(headContentLengthProblem(get(body, encoded), head([['content-length', '0']]), get(body, encoded))).toBeUndefined();
  });
});
