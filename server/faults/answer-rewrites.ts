/**
 * How a fault changes what the real server answers, after its handlers have decided: the JSON body of
 * some statuses rewritten, or header fields changed just before they go out. Shared by the fault sets
 * (server/faults/*-look.ts).
 */
import type { Response } from 'express';

/** Runs `rewrite` on the body of a JSON answer `res` sends with `send`, when `when` holds for its status. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function rewriteSentJson(res: Response, when: (status: number) => boolean, rewrite: (body: any) => any): void {
  const send = res.send.bind(res);
  res.send = ((body: unknown) => {
    if (typeof body === 'string' && when(res.statusCode)) {
      try {
        return send(JSON.stringify(rewrite(JSON.parse(body))));
      } catch {
        return send(body);
      }
    }
    return send(body);
  }) as Response['send'];
}

/** Calls `change` just before the header fields of `res` go out, with the status they go out with. */
export function beforeHeaders(res: Response, change: (status: number) => void): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    change(Number(args[0]));
    return writeHead(...args);
  }) as Response['writeHead'];
}
