/**
 * Tokens never reach a report: every string that leaves a test passes through a redactor that replaces
 * each secret with a placeholder naming it.
 */

export interface Secret {
  value: string;
  placeholder: string;
}

export type Redactor = (text: string) => string;

export function createRedactor(secrets: Secret[]): Redactor {
  // Longest first, so a token that contains another token is replaced whole.
  const ordered = secrets.filter((secret) => secret.value.length > 0).sort((a, b) => b.value.length - a.value.length);
  return (text) => ordered.reduce((current, secret) => current.split(secret.value).join(secret.placeholder), text);
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
