/**
 * The hostile inputs the benchmark sends while it watches the server's event loop: the requests an
 * attacker found to crash, stall or confuse the server (a Markdown list nested 700 levels, `*a` a
 * hundred thousand times, a 1 MiB body of 95,000 unknown keys three at a time, bodies that do not
 * decode, numbers that are not numbers, text that is not Unicode, ...). One module, so the benchmark
 * and its README name the same list. Each input stays within what a client may send: at most the
 * server's 1 MiB body limit, except the one that tests the limit itself.
 */

export interface HostileFixtures {
  pageId: number;
  newsletterId: number;
}

export interface HostileInput {
  name: string;
  /** What it attacks, for the report. */
  why: string;
  method: string;
  /** Path under the API's base, with the query. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Copies sent at the same moment. */
  copies: number;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
/** JSON text as written, for what JSON.stringify would not produce (lone surrogate escapes, deep nesting). */
const raw = (text: string) => Buffer.from(text);

/** `- a` nested `depth` levels, two spaces more each level: 700 levels is about 490 KB. */
function nestedList(depth: number): string {
  let text = '';
  for (let level = 0; level < depth; level++) text += `${'  '.repeat(level)}- a\n`;
  return text;
}

/** A JSON object with `count` short keys the contract does not know, about 10 bytes each. */
function unknownKeys(count: number, known: Record<string, unknown>): Buffer {
  const parts = Object.entries(known).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  for (let i = 0; i < count; i++) parts.push(`"k${i.toString(36)}":0`);
  return raw(`{${parts.join(',')}}`);
}

export function hostileInputs(token: string, ids: HostileFixtures): HostileInput[] {
  const auth = { Authorization: `Bearer ${token}` };
  const jsonHeaders = { ...auth, 'Content-Type': 'application/json' };
  const posts = `/pages/${ids.pageId}/posts`;
  const emails = `/newsletters/${ids.newsletterId}/emails`;
  const subscribers = `/newsletters/${ids.newsletterId}/subscribers`;
  const input = (name: string, why: string, method: string, path: string, headers: Record<string, string>, body?: Buffer, copies = 1): HostileInput => ({
    name, why, method, path, headers, ...(body ? { body } : {}), copies,
  });
  return [
    input('markdown-nested-list', 'Markdown list nested 700 levels (490 KB) in content_md', 'POST', posts, jsonHeaders, json({ title: 'Nested', content_md: nestedList(700) })),
    input('markdown-emphasis', '`*a` 100,000 times in content_md (quadratic emphasis matching)', 'POST', posts, jsonHeaders, json({ title: 'Emphasis', content_md: '*a'.repeat(100_000) })),
    input('markdown-emphasis-email', 'the same in an email\'s content_md', 'POST', emails, jsonHeaders, json({ subject: 'Emphasis', content_md: '*a'.repeat(100_000) })),
    input('markdown-blockquote', '`>` 100,000 times in content_md', 'POST', posts, jsonHeaders, json({ title: 'Quotes', content_md: '>'.repeat(100_000) })),
    input('unknown-keys-x3', 'three 1 MiB bodies of 95,000 unknown keys at once', 'POST', subscribers, jsonHeaders, unknownKeys(95_000, { email: 'keys@example.com' }), 3),
    input('deep-json', 'a JSON array nested 400,000 levels (800 KB)', 'POST', subscribers, jsonHeaders, raw(`{"email":${'['.repeat(400_000)}${']'.repeat(400_000)}}`)),
    input('lone-surrogates', 'a category name of 255 lone surrogates', 'POST', `/pages/${ids.pageId}/categories`, jsonHeaders, raw(`{"name":"${'\\ud800'.repeat(255)}"}`)),
    input('invalid-utf8', 'a body with bytes that are not UTF-8', 'POST', subscribers, jsonHeaders, Buffer.concat([raw('{"email":"a'), Buffer.from([0xff, 0xfe, 0xc3]), raw('@example.com"}')])),
    input('utf16-charset', 'a JSON body declared charset=utf-16le', 'POST', subscribers, { ...auth, 'Content-Type': 'application/json; charset=utf-16le' }, Buffer.from(JSON.stringify({ email: 'utf16@example.com' }), 'utf16le')),
    input('bad-gzip', 'Content-Encoding: gzip on a body that does not decompress', 'POST', subscribers, { ...jsonHeaders, 'Content-Encoding': 'gzip' }, raw('this is not gzip')),
    input('multipart-mixed', 'an upload as multipart/mixed', 'POST', '/images/upload', { ...auth, 'Content-Type': 'multipart/mixed; boundary=x' }, raw('--x\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--x--\r\n')),
    input('non-finite-numbers', 'size=Infinity on a list', 'GET', `${emails}?size=Infinity`, auth),
    input('huge-number', 'page=1e400 on a list', 'GET', `${emails}?page=1e400`, auth),
    input('over-limit-body', 'a 2 MiB body, twice the limit', 'POST', subscribers, jsonHeaders, raw(`{"email":"big@example.com","x":"${'a'.repeat(2 * 1024 * 1024)}"}`)),
    input('large-header', 'a 16 KB header', 'GET', emails, { ...auth, 'X-Padding': 'a'.repeat(16 * 1024) }),
  ];
}
