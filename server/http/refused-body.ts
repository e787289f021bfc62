/**
 * An upload refused before its body was read (admission's 503, http/body-admission.ts) leaves that
 * body unread. Node reads and drops the rest of a request's body once it is answered, so that the
 * connection can carry the next request: for a refused 10 MiB upload that is up to 10 MiB read at
 * full speed, and with 60 uploads refused at once every turn of the event loop read from all of them,
 * so connections behind them were accepted one every 10 to 20 ms (bench/README.md, "Uploads during
 * the warm-up": 375 MiB read on Node 24, a /healthz behind the crowd answered in 1 to 2.6 s).
 *
 * Closing the connection as soon as the answer is written does not do: the kernel resets a
 * connection closed with unread data, and a client still sending its body then loses the 503 (15 of
 * 68 in one run). So the connection stays open, unread, for a grace period: a client that has its
 * answer stops sending and closes the connection (fetch does as soon as the answer is complete, since
 * the connection cannot carry another request); any other is closed once the grace period is over,
 * its answer long received. A client that keeps sending meanwhile is held by TCP's flow control, at
 * no cost to the server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REFUSED_BODY_GRACE_MS = 3_000;

export function leaveBodyUnread(req: IncomingMessage, res: ServerResponse, graceMs = REFUSED_BODY_GRACE_MS): void {
  // Node drains a body only when nothing has started to consume it. Reading what is buffered (at most
  // the chunk that came with the headers) counts, and read(0) would not when that chunk already fills
  // the request's buffer; the socket then stops once the next chunk waits unread.
  req.read();
  res.once('finish', () => {
    const socket = req.socket;
    if (socket.destroyed) return;
    const timer = setTimeout(() => socket.destroy(), graceMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}
