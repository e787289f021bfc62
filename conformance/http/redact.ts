/**
 * Tokens never reach a report: every string that leaves a test passes through a redactor that replaces
 * each secret with a placeholder naming it.
 */
import type { RunOptions } from '../run-options.ts';

export interface Secret {
  value: string;
  placeholder: string;
  /** What a short value follows where it stands as a credential (a regular expression); default `Bearer `. */
  after?: string;
}

export type Redactor = (text: string) => string;

/**
 * Shorter secrets are replaced only where they stand as a bearer credential: replacing every "t" of a
 * report because someone's test token is "t" would make the report unreadable.
 */
const MIN_LENGTH_REPLACED_EVERYWHERE = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function createRedactor(secrets: Secret[]): Redactor {
  // Longest first, so a token that contains another token is replaced whole.
  const ordered = secrets.filter((secret) => secret.value.length > 0).sort((a, b) => b.value.length - a.value.length);
  const patterns = ordered.map((secret) => ({
    pattern:
      secret.value.length >= MIN_LENGTH_REPLACED_EVERYWHERE
        ? new RegExp(escapeRegExp(secret.value), 'g')
        : // Followed by a character that cannot be part of a bearer token (RFC 6750's token68).
          new RegExp(`(?<=${secret.after ?? 'Bearer\\s+'})${escapeRegExp(secret.value)}(?![A-Za-z0-9._~+/=-])`, 'gi'),
    placeholder: secret.placeholder,
  }));
  return (text) => patterns.reduce((current, { pattern, placeholder }) => current.replace(pattern, placeholder), text);
}

/**
 * The redactor for a run's tokens. Here rather than in the suite's context so the CLI can redact its own
 * messages without loading vitest.
 */
export function redactorFor(options: RunOptions): Redactor {
  return createRedactor([
    { value: options.token, placeholder: '<token>' },
    { value: options.token2 ?? '', placeholder: '<token2>' },
    // A gateway's header may carry a key as secret as the token: its value never reaches a report.
    ...Object.entries(options.headers ?? {}).map(([name, value]) => ({ value, placeholder: `<${name.toLowerCase()}>`, after: `${escapeRegExp(name)}:\\s*` })),
  ]);
}

/** Redacts every string inside a JSON-like value. */
export function redactDeep<T>(value: T, redact: Redactor): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, redact)])) as T;
  }
  return value;
}
