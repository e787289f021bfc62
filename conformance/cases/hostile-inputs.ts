/**
 * The hostile inputs themselves: what each one is (plain JSON, so a case can be saved and replayed) and
 * how it becomes the bytes sent. Every input is bounded: the largest body is under 500 KB, well under
 * the contract's 1 MiB, and the declared oversized length is never actually sent.
 */

/** Spellings of a whole number that are not plain decimal: each is a 422 in a path or query. */
export const NUMBER_SPELLINGS = {
  infinity: { title: 'Infinity', spell: () => 'Infinity', canonicalOnly: false },
  'minus-infinity': { title: '-Infinity', spell: () => '-Infinity', canonicalOnly: false },
  overflow: { title: '1e400 (Infinity as a double)', spell: () => '1e400', canonicalOnly: false },
  // The titles of the finite spellings name the way; the test's title adds the value actually sent.
  exponent: { title: 'with an exponent', spell: (n: number) => `${n}e0`, canonicalOnly: true },
  hexadecimal: { title: 'in hexadecimal', spell: (n: number) => `0x${n.toString(16).toUpperCase()}`, canonicalOnly: true },
  'plus-sign': { title: 'with a plus sign', spell: (n: number) => `+${n}`, canonicalOnly: true },
  'zero-padded': { title: 'zero padded', spell: (n: number) => `00${n}`, canonicalOnly: true },
  'leading-space': { title: 'with a leading space', spell: (n: number) => ` ${n}`, canonicalOnly: true },
  'trailing-newline': { title: 'with a trailing line feed', spell: (n: number) => `${n}\n`, canonicalOnly: true },
  fraction: { title: 'with a fraction', spell: (n: number) => `${n}.0`, canonicalOnly: true },
} as const;
export type NumberSpelling = keyof typeof NUMBER_SPELLINGS;

/** Pathological Markdown, each under the contract's 500,000 characters. */
export const MARKDOWN_SHAPES = {
  /** About 490 KB: the list that ran a renderer out of memory. */
  'nested-list': { title: 'a list nested 700 levels', text: () => Array.from({ length: 700 }, (_, level) => `${'  '.repeat(level)}- a\n`).join('') },
  /** Quadratic in a backtracking emphasis parser. */
  emphasis: { title: "'*a' repeated 100,000 times", text: () => '*a'.repeat(100_000) },
  blockquotes: { title: "'>' repeated 100,000 times", text: () => '>'.repeat(100_000) },
} as const;
export type MarkdownShape = keyof typeof MARKDOWN_SHAPES;

export const UNKNOWN_KEYS = 20_000;
export const NESTING_DEPTH = 5_000;
/** The bound on a 422's list of errors for a contract that states none (the contract's maxItems wins). */
export const MOST_ERRORS_LISTED = 100;

export type HostileInput =
  /** An integer path or query parameter spelled another way; `value` is the plain decimal it spells. */
  | { kind: 'number'; in: 'path' | 'query'; name: string; spelling: NumberSpelling; value?: number }
  /** A string body field holding a lone surrogate (`"\ud800"` in the JSON text); `fill` fills it to its maxLength. */
  | { kind: 'lone-surrogate'; field: string; fill?: number }
  /**
   * A text body field holding a control character after the marker: line feed in one-line text, NUL
   * in text that may span lines (`"\u0000"` in the JSON text).
   */
  | { kind: 'control-character'; field: string; character: '\n' | '\u0000' }
  /** Bytes that are not UTF-8 inside a string of the JSON body. */
  | { kind: 'invalid-utf8'; field: string }
  /** The JSON body encoded and declared in another charset. */
  | { kind: 'charset'; charset: 'utf-16le' }
  /** A Content-Encoding whose body does not decode, or one no server is expected to support. */
  | { kind: 'encoding'; encoding: 'gzip' | 'deflate' | 'x-unknown' }
  /** The upload sent as another multipart subtype, with the same valid image part. */
  | { kind: 'multipart-subtype'; subtype: 'mixed' | 'related' }
  | { kind: 'unknown-keys'; count: number }
  /** A body field holding arrays nested `depth` levels. */
  | { kind: 'deep-nesting'; field: string; depth: number }
  | { kind: 'markdown'; field: string; shape: MarkdownShape }
  /** A declared Content-Length over the limit, and a body that stops after `sent` bytes. */
  | { kind: 'stalled-oversize'; declared: number; sent: number }
  /** HEAD where the contract has GET (RFC 9110: HEAD is GET without the body). */
  | { kind: 'head' }
  /** The name of a page or newsletter created again in another letter case, outside ASCII. */
  | { kind: 'unicode-case'; field: string }
  /** The same page name in another workspace first: the generated domain must not show it. */
  | { kind: 'domain-signal' };

/** A string value no schema check refuses: the marker that finds a stored resource, then the attack. */
export function withLoneSurrogates(prefix: string, fill: number | undefined): string {
  if (fill === undefined) return `${prefix}\ud800`;
  return prefix + '\ud800'.repeat(Math.max(1, fill - prefix.length));
}

/** The marker, then the control character, then more text: only the control character is wrong. */
export const withControlCharacter = (prefix: string, character: string): string => `${prefix}${character}text`;

/** A control character a text field's pattern refuses: line feed where one-line text is asked for, else NUL. */
export function refusedControlCharacter(pattern: RegExp): '\n' | '\u0000' | undefined {
  const sample = 'conformance text';
  if (!pattern.test(sample)) return undefined;
  for (const character of ['\n', '\u0000'] as const) if (!pattern.test(withControlCharacter(sample, character))) return character;
  return undefined;
}

const PLACEHOLDER = 'conformance-invalid-utf8-goes-here';
/** Bytes no UTF-8 decoder accepts: a lead byte without its continuation, and bytes UTF-8 never uses. */
const NOT_UTF8 = Buffer.from([0xc3, 0x28, 0xff, 0xfe]);

/** The JSON text of `body` with bytes that are not UTF-8 inside the string of `field`. */
export function invalidUtf8Body(body: Record<string, unknown>, field: string, prefix: string): Buffer {
  const text = JSON.stringify({ ...body, [field]: `${prefix}${PLACEHOLDER}` });
  const [before, after] = text.split(PLACEHOLDER) as [string, string];
  return Buffer.concat([Buffer.from(before, 'utf8'), NOT_UTF8, Buffer.from(after, 'utf8')]);
}

/** `count` unknown keys added to a valid body, short so 20,000 of them stay near 250 KB. */
export function withUnknownKeys(body: Record<string, unknown>, count: number): string {
  const keys = Array.from({ length: count }, (_, index) => `"u${index}":0`).join(',');
  const text = JSON.stringify(body);
  return text === '{}' ? `{${keys}}` : `${text.slice(0, -1)},${keys}}`;
}

/** A valid body with `field` set to arrays nested `depth` levels (built as text: no recursion here). */
export function withDeepNesting(body: Record<string, unknown>, field: string, depth: number): string {
  const rest = JSON.stringify({ ...body, [field]: null });
  return rest.replace(`${JSON.stringify(field)}:null`, `${JSON.stringify(field)}:${'['.repeat(depth)}${']'.repeat(depth)}`);
}

/** A multipart body of one `file` part, declared as `multipart/<subtype>`. */
export function multipartBody(file: { name: string; type: string; bytes: Buffer }, subtype: string): { body: Buffer; contentType: string } {
  const boundary = 'conformance-hostile-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head, 'latin1'), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1')]),
    contentType: `multipart/${subtype}; boundary=${boundary}`,
  };
}
