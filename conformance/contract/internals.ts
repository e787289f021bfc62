/**
 * What a leak of a server's internals looks like in an error body, whatever the language it is written
 * in: a source file named with a line number, a stack frame, or an SQL statement or driver error. The
 * contract's rule `errors.no-visible-internals` is about this visible form: an absence cannot be proven,
 * but a body that shows one of these is a failure anyone can see.
 */
import { parseAnswerJson } from './answer-json.ts';

const SOURCE_EXTENSIONS = 'ts|tsx|js|mjs|cjs|py|rb|go|java|kt|scala|php|cs|rs|ex|exs|erl|c|cc|cpp|h|hpp|swift|dart|lua|pl|clj';

const LEAKS: Array<{ what: string; pattern: RegExp }> = [
  // `/srv/app/pages.ts:42`, `pages.go:42:7`, `C:\app\Pages.cs:line 42`, `File "/app/pages.py", line 42`.
  { what: 'a source file with a line number', pattern: new RegExp(`[\\w@.-]+\\.(?:${SOURCE_EXTENSIONS})(?::\\d+|:line \\d+|", line \\d+|\\(\\d+\\))`) },
  // Node and Java (`at handler (file:1:2)`, `at com.x.Y.z(Y.java:3)`), Python, Go, Ruby, .NET frames.
  { what: 'a stack frame', pattern: /(?:^|\s)at \S+ \(.*:\d+(?::\d+)?\)|(?:^|\s)at (?:file|node):\S+:\d+|Traceback \(most recent call last\)|goroutine \d+ \[|\.rb:\d+:in `|\bat [\w.<>`]+\(.*\) in .*:line \d+/ },
  // Statements in capitals, as code writes them, and the errors SQL drivers answer with.
  {
    what: 'SQL',
    pattern: /\bSELECT\b[\s\S]{1,300}?\bFROM\b|\bINSERT INTO\b|\bUPDATE\s+\S+\s+SET\b|\bDELETE FROM\b|\bSQLITE_[A-Z]+\b|\bSQLSTATE\b|\b(?:UNIQUE|FOREIGN KEY|NOT NULL|CHECK) constraint failed\b|syntax error at or near|\bduplicate key value violates\b|\bER_[A-Z_]+\b/,
  },
];

function strings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, into);
  return into;
}

/**
 * What of the server's internals an error body shows, in words with the text that shows it; undefined
 * when it shows none. Every string of the body is looked at (title, detail, each error's message,
 * extensions); a body that is not JSON is looked at as text.
 */
export function visibleInternals(bodyText: string): string | undefined {
  let texts: string[];
  try {
    texts = strings(parseAnswerJson(bodyText));
  } catch {
    texts = [bodyText];
  }
  for (const text of texts) {
    for (const leak of LEAKS) {
      const match = leak.pattern.exec(text);
      if (match) return `the error body shows ${leak.what}: ${JSON.stringify(match[0].trim().slice(0, 120))}`;
    }
  }
  return undefined;
}
