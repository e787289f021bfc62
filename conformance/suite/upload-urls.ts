/**
 * image.url-per-upload, judged on every upload of the run, not only on the upload tests' own: each `201`
 * that answers a created resource by its `url` alone (an upload: the contract reads images back at their
 * public URL, not by id) gives a URL that no earlier upload the worker saw was given, whatever bytes
 * either sent. A server that names stored files by their content answers the tests that upload one
 * file each right, and shows only where the run uploads the same file twice (two tests, a retry, the
 * model's sequences).
 *
 * image.url-unguessable, on the same uploads: no URL can be guessed from an earlier one the worker saw
 * (suite/guessable-urls.ts). A server that names its files by a counter or a time gives every upload a
 * URL of its own, and shows only across uploads: the URLs of any two say where the others are.
 *
 * The URLs are kept per worker, as they come; an upload is never changed or removed through the API,
 * so a URL once answered stays that upload's for the whole run.
 */

import { parseAnswerJson } from '../contract/answer-json.ts';
import type { Exchange } from '../http/exchange.ts';
import { guessableFrom } from './guessable-urls.ts';

export class UploadUrls {
  /** Each URL answered, with the upload that was answered it first. */
  private readonly seen = new Map<string, Exchange>();

  /**
   * Undefined for an answer that is no upload's; else the upload's verdict: `earlier` the upload that
   * was answered the same URL before it, if one was; else `guessable`, the first earlier upload whose URL
   * tells this one's, and why. Records the URL.
   */
  observe(exchange: Exchange): { url: string; earlier?: Exchange; guessable?: { from: Exchange; reason: string } } | undefined {
    if (!exchange.response) return undefined;
    const url = uploadedUrl(exchange.response.status, exchange.response.body);
    if (url === undefined) return undefined;
    const key = normalised(url);
    const earlier = this.seen.get(key);
    if (earlier === exchange) return { url };
    if (earlier) return { url, earlier };
    const guessable = this.guessableFromEarlier(key);
    this.seen.set(key, exchange);
    return guessable ? { url, guessable } : { url };
  }

  private guessableFromEarlier(key: string): { from: Exchange; reason: string } | undefined {
    for (const [other, from] of this.seen) {
      const reason = guessableFrom(key, other);
      if (reason !== undefined) return { from, reason };
    }
    return undefined;
  }
}

/** The `url` of a 201 that answers an object with a `url` and no `id`, or undefined. */
function uploadedUrl(status: number, bodyText: string): string | undefined {
  if (status !== 201) return undefined;
  let body: unknown;
  try {
    body = parseAnswerJson(bodyText);
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
