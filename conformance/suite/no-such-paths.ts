/**
 * unknown_path: paths the service answers that no operation has, each asked with GET and HEAD.
 * errors.no-such-path: "A path no operation has is answered `404` with a problem document of type
 * `not-found`, to `GET` and `HEAD` alike, under the API's base path and beside it on the service's
 * origin, image URLs of the service included: an image is served at the URL its upload answered and at
 * no other, so another name, or an uploaded image's URL with another extension, without one or with a
 * trailing slash, is such a path" (the description's table: "404 | ... or no such path";
 * errors.problem-details: "Every error is an RFC 9457 problem document"; responses.media-type: "an
 * error body `application/problem+json`").
 *
 * The paths: one under the base path, and, where the service serves its images on its own origin (the
 * contract lets it use a CDN instead, whose answers are not the service's), one beside the base path
 * and the near misses of an uploaded image's URL: another name of the same form, another extension, a
 * trailing slash, no extension, the name's letters, the extension or both in the other letter case. A router of its own for the images (a static handler that falls
 * through to the framework's plain-text 404, or one that finds a file under any extension) shows only
 * on these: the contract's paths never reach it. Each is a 404 problem document of type not-found.
 */
import { missingCapability } from '../checks/profile.ts';
import { parseAnswerJson } from '../contract/answer-json.ts';
import { exchange as sendExchange, type Exchange } from '../http/exchange.ts';
import type { Kit } from './kit.ts';

/** The description's problem types: "`https://publishing.example/problems/not-found` | 404 | ... or no such route." */
export const NOT_FOUND_TYPE = 'https://publishing.example/problems/not-found';

export interface NoSuchPath {
  /** How the failure names it: `a name no upload was given, beside an image's`. */
  what: string;
  url: string;
  /** Only a 404 is right (no resource can be there); else any answer, an error being a problem document. */
  mustBe404: boolean;
}

const ACCEPTED_EXTENSIONS = ['png', 'jpg', 'gif', 'webp'];

/** The paths no operation has that the service answers, around its base URL and the image URL `imageUrl`. */
export function noSuchPaths(t: Kit, imageUrl: string): NoSuchPath[] {
  const base = new URL(t.options.baseUrl);
  const unknown = t.names.name('no-such-path').toLowerCase();
  const paths: NoSuchPath[] = [{ what: 'a path under the base path that no operation has', url: `${base.href.replace(/\/$/, '')}/${unknown}`, mustBe404: true }];
  const image = new URL(imageUrl);
  if (image.origin !== base.origin) return paths;
  if (base.pathname.replace(/\/$/, '') !== '') paths.push({ what: "a path beside the base path, on the service's origin, that nothing has", url: `${base.origin}/${unknown}`, mustBe404: true });
  const slash = image.pathname.lastIndexOf('/');
  const [folder, name] = [image.pathname.slice(0, slash + 1), image.pathname.slice(slash + 1)];
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, ''];
  const at = (path: string) => `${image.origin}${path}`;
  // The same form as the upload's name, every letter and digit a zero: what a guesser of names sends.
  const otherStem = stem.replace(/[0-9A-Za-z]/g, '0');
  if (otherStem !== stem) paths.push({ what: "a name no upload was given, of the form of an upload's, in the images' path", url: at(`${folder}${otherStem}${extension ? `.${extension}` : ''}`), mustBe404: true });
  if (extension) {
    const other = ACCEPTED_EXTENSIONS.find((candidate) => candidate !== extension.toLowerCase())!;
    paths.push({ what: `an uploaded image's URL with the extension .${other} instead of .${extension}`, url: at(`${folder}${stem}.${other}`), mustBe404: true });
    paths.push({ what: "an uploaded image's URL without its extension", url: at(`${folder}${stem}`), mustBe404: true });
  }
  paths.push({ what: "an uploaded image's URL with a trailing slash", url: at(`${image.pathname}/`), mustBe404: true });
  // Letter case: a path is compared as written (RFC 3986 section 6.2.2.1 makes only the scheme, the
  // host and the hex digits of a percent-encoding case-insensitive), so the name or the extension in
  // the other case is another name. A lookup on a case-insensitive file system serves the image there.
  const [otherCaseStem, otherCaseExtension] = [otherLetterCase(stem), otherLetterCase(extension)];
  const named = (base: string, ext: string) => at(`${folder}${base}${ext ? `.${ext}` : ''}`);
  if (otherCaseStem !== stem) paths.push({ what: "an uploaded image's URL with the letters of its name in the other case", url: named(otherCaseStem, extension), mustBe404: true });
  if (otherCaseExtension !== extension) paths.push({ what: `an uploaded image's URL with the extension .${otherCaseExtension} instead of .${extension}`, url: named(stem, otherCaseExtension), mustBe404: true });
  if (otherCaseStem !== stem && otherCaseExtension !== extension) paths.push({ what: "an uploaded image's URL with its name and extension in the other case", url: named(otherCaseStem, otherCaseExtension), mustBe404: true });
  return paths;
}

/** Each letter in the other case, a percent-encoding's hex digits left as they are (the same URL either way). */
function otherLetterCase(text: string): string {
  return text.replace(/%[0-9A-Fa-f]{2}|[A-Za-z]/g, (piece) => (piece.length > 1 ? piece : piece === piece.toLowerCase() ? piece.toUpperCase() : piece.toLowerCase()));
}

/** GET and HEAD of every path at once (HEAD where the profile asks it), each judged (check unknown_path). */
export async function judgeNoSuchPaths(t: Kit, paths: NoSuchPath[]): Promise<void> {
  const methods: Array<'GET' | 'HEAD'> = missingCapability(t.options.profile, ['head']) === undefined ? ['GET', 'HEAD'] : ['GET'];
  await Promise.all(paths.flatMap((path) => methods.map(async (method) => judgeAnswer(t, path, method, await send(t, path.url, method)))));
}

/** The request with the run's token (a valid token: no 401 comes before the 404) and the run's other headers. */
async function send(t: Kit, url: string, method: 'GET' | 'HEAD'): Promise<Exchange> {
  const extraHeaders = Object.fromEntries(Object.entries(t.options.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'authorization'));
  const headers = new Headers({ Authorization: `Bearer ${t.options.token}` });
  const { exchange } = await sendExchange({ method, url, headers }, { timeoutMs: t.options.requestTimeoutSeconds * 1000, rate: t.context.rate, extraHeaders });
  t.observe(exchange);
  return exchange;
}

function judgeAnswer(t: Kit, path: NoSuchPath, method: 'GET' | 'HEAD', exchange: Exchange): void {
  const options = { check: 'unknown_path', rules: ['errors.no-such-path'], evidence: exchange } as const;
  const asked = `${method} ${path.url} (${path.what})`;
  const response = exchange.response;
  if (!response) return void t.verify(false, `${asked} got no answer: ${exchange.error}`, options);
  const { status } = response;
  if (path.mustBe404 && !t.verify(status === 404, `${asked} answered ${status}; expected 404: no such path`, options)) return;
  if (status < 400) return;
  const type = (response.headers.find(([key]) => key.toLowerCase() === 'content-type')?.[1] ?? '').split(';')[0]!.trim().toLowerCase();
  const problemOptions = { ...options, rules: ['errors.no-such-path', 'responses.media-type', 'errors.problem-details'] };
  t.verify(type === 'application/problem+json', `${asked} answered ${status} with Content-Type ${type || 'none'}; expected application/problem+json: every error is a problem document`, problemOptions);
  if (method === 'HEAD') {
    t.verify(!response.body, `${asked} answered ${status} with a body of ${response.body.length} bytes; a HEAD has none`, { ...options, rules: ['http.head'] });
    return;
  }
  let problem: { type?: unknown; title?: unknown; status?: unknown } | undefined;
  try {
    const parsed = parseAnswerJson(response.body);
    problem = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    problem = undefined;
  }
  const shown = JSON.stringify(response.body.slice(0, 120));
  if (!t.verify(problem !== undefined && typeof problem.type === 'string' && typeof problem.title === 'string' && problem.status === status, `${asked} answered ${status} with ${shown}; expected a problem document whose type, title and status (${status}) are present`, problemOptions)) return;
  if (status === 404) t.verify(problem!.type === NOT_FOUND_TYPE, `${asked} answered 404 of type ${JSON.stringify(problem!.type)}; expected ${NOT_FOUND_TYPE}: no such route`, options);
}
