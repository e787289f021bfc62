/**
 * errors.title-per-type, judged on every problem document of the run, not only on the tests of one
 * error: the Problem schema's `title` is "a short summary of the kind of problem; the same for every
 * occurrence of a type" (RFC 9457, section 3.1.3). So the answers are grouped by `type`, and a type
 * answered with a second title is a failure, whichever operations, tests or phases the two answers
 * came from. A server that words its title after the first cause it found ("Email has no content",
 * "Newsletter has no subscribers") answers every single request with a right status, type and errors,
 * and shows only beside another occurrence of the same type.
 *
 * `about:blank` is RFC 9457's type with no more meaning than the status, whose title is that status's
 * phrase: for it, each status is a kind of problem of its own.
 *
 * The titles are kept per worker, as they come: the first title a type is answered with is the one
 * every later occurrence is compared with, and the answer that showed it is named in a failure. Before
 * any answer, the contract's own occurrences are there (contract/problem-examples.ts): a type its
 * examples title is compared with that title on every answer, so a title of one operation's own is seen
 * in a run where nothing else answers the type.
 */
import { parseAnswerJson } from '../contract/answer-json.ts';
import type { StatedTitle } from '../contract/problem-examples.ts';
import type { Exchange } from '../http/exchange.ts';

export interface TitleVerdict {
  type: string;
  title: string;
  /** The earlier answer of the same kind of problem with another title, if there was one. */
  earlier?: { title: string; exchange: Exchange };
  /** The contract's title for the type, where its examples give one and the answer's title is another. */
  stated?: StatedTitle;
}

export class ProblemTitles {
  /** The first title each kind of problem was answered with, and the answer it came in. */
  private readonly first = new Map<string, { title: string; exchange: Exchange }>();

  /** `stated`: the title the contract gives each type (statedProblemTitles), none by default. */
  constructor(private readonly stated: ReadonlyMap<string, StatedTitle> = new Map()) {}

  /** Undefined for an answer that is no problem document with a type and a title; else its verdict. Records the title. */
  observe(exchange: Exchange): TitleVerdict | undefined {
    const problem = problemOf(exchange);
    if (!problem) return undefined;
    const stated = this.stated.get(problem.type);
    if (stated && stated.title !== problem.title) return { ...problem, stated };
    const kind = problem.type === 'about:blank' ? `about:blank ${exchange.response!.status}` : problem.type;
    const earlier = this.first.get(kind);
    if (!earlier) {
      this.first.set(kind, { title: problem.title, exchange });
      return problem;
    }
    return earlier.title === problem.title || earlier.exchange === exchange ? problem : { ...problem, earlier };
  }
}

/** The type and title of an error answer's problem document, when both are strings. */
function problemOf(exchange: Exchange): { type: string; title: string } | undefined {
  const response = exchange.response;
  if (!response || response.status < 400 || response.body === '') return undefined;
  let body: unknown;
  try {
    body = parseAnswerJson(response.body);
  } catch {
    return undefined; // Not JSON: content_type_conformance and the schema say so.
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { type, title } = body as { type?: unknown; title?: unknown };
  return typeof type === 'string' && typeof title === 'string' ? { type, title } : undefined;
}
