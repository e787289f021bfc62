/**
 * Ways a fault makes an answer disagree with itself, shared by the fault sets that use them: a problem
 * document whose `status` field is not the status line's, and an answer of one status written without
 * the CORS fields every other answer carries.
 */
import type { RequestHandler } from 'express';
import { ProblemError, type ProblemBody } from '../http/problem.ts';

/** The same problem, its status line kept, its body saying `saidStatus` (a helper copied from another status's answers). */
export class ProblemSayingStatus extends ProblemError {
  constructor(
    original: ProblemError,
    private readonly saidStatus: number,
  ) {
    super(original.status, original.kind, original.title, original.detail, original.errors, original.headers, original.listLimit);
  }

  override body(instance?: string): ProblemBody {
    return { ...super.body(instance), status: this.saidStatus };
  }
}

/**
 * A stage that, for `method path`, writes answers of `status` without Access-Control-Allow-Origin and
 * Access-Control-Expose-Headers (a path of its own that sends its header fields afresh).
 */
export function withoutCorsOn(method: string, path: string, status: number): RequestHandler {
  return (req, res, next) => {
    if (req.method === method && req.path === path) {
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
      res.writeHead = ((...args: unknown[]) => {
        if (args[0] === status) {
          res.removeHeader('Access-Control-Allow-Origin');
          res.removeHeader('Access-Control-Expose-Headers');
        }
        return writeHead(...args);
      }) as typeof res.writeHead;
    }
    next();
  };
}
