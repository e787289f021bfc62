/**
 * image.url-per-upload, judged on every upload of the run, not only on the upload tests' own: each `201`
 * that answers a created resource by its `url` alone (an upload: the contract reads images back at their
 * public URL, not by id) gives a URL that no earlier upload the worker saw was given, whatever bytes
 * either sent. A server that names stored files by their content answers the tests that upload one
 * file each right, and shows only where the run uploads the same file twice (two tests, a retry, the
 * model's sequences).
 *
 * The URLs are kept per worker, as they come; an upload is never changed or removed through the API,
 * so a URL once answered stays that upload's for the whole run.
 */

import type { Exchange } from '../http/exchange.ts';

export class UploadUrls {
  /** Each URL answered, with the upload that was answered it first. */
  private readonly seen = new Map<string, Exchange>();

  /**
   * Undefined for an answer that is no upload's; else the upload's verdict: `earlier` the upload that
   * was answered the same URL before it, if one was. Records the URL.
   */
  observe(exchange: Exchange): { url: string; earlier?: Exchange } | undefined {
    if (!exchange.response) return undefined;
    const url = uploadedUrl(exchange.response.status, exchange.response.body);
    if (url === undefined) return undefined;
    const key = normalised(url);
    const earlier = this.seen.get(key);
    if (earlier && earlier !== exchange) return { url, earlier };
    this.seen.set(key, exchange);
    return { url };
  }
}

/** The `url` of a 201 that answers an object with a `url` and no `id`, or undefined. */
function uploadedUrl(status: number, bodyText: string): string | undefined {
  if (status !== 201) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { url, id } = body as { url?: unknown; id?: unknown };
  return typeof url === 'string' && id === undefined ? url : undefined;
}

/** One spelling per URL: an absolute URL as the URL parser writes it, anything else as it came. */
function normalised(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
