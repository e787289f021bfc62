/**
 * Reads the `Prefer` request header (RFC 7240) as the stateful mock uses it, with Prism's names:
 * `Prefer: code=409`, `Prefer: code=422, example=EmailNotSendable`, `Prefer: delay=1500`. Preferences
 * are separated by commas (several `Prefer` headers arrive joined by commas); a value may be quoted;
 * parameters after `;` and preferences the mock does not know (`return=minimal`, `wait=10`) are
 * ignored, as RFC 7240 asks of a server that does not honour them. The first occurrence of a name wins.
 */

export interface MockPreferences {
  code?: string;
  example?: string;
  delay?: string;
}

const KNOWN = new Set(['code', 'example', 'delay']);

/** Splits on the commas that are not inside a quoted value. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '"' && text[i - 1] !== '\\') quoted = !quoted;
    if (char === separator && !quoted) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

const unquote = (value: string) => (value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value);

export function parsePrefer(header: string | undefined): MockPreferences {
  const preferences: MockPreferences = {};
  if (!header) return preferences;
  for (const preference of splitOutsideQuotes(header, ',')) {
    const [nameValue = ''] = splitOutsideQuotes(preference, ';');
    const equals = nameValue.indexOf('=');
    const name = (equals < 0 ? nameValue : nameValue.slice(0, equals)).trim().toLowerCase();
    if (!KNOWN.has(name) || preferences[name as keyof MockPreferences] !== undefined) continue;
    preferences[name as keyof MockPreferences] = equals < 0 ? '' : unquote(nameValue.slice(equals + 1).trim());
  }
  return preferences;
}
