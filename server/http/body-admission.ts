/**
 * Admission of large request bodies before they are read. A body is read only once it is admitted:
 * until then its bytes wait in the connection (Node stops reading a request nobody consumes), so
 * many clients sending large bodies at once cost a socket each, not a megabyte each, and the event
 * loop parses and validates a bounded number of them at a time (which keeps /healthz and every small
 * request quick). Admission is fair between workspaces (http/admission.ts); past its bounds the
 * answer is a 503 with Retry-After. The hold lasts until the answer is complete, so it also bounds
 * the parsed bodies waiting for slower work (a Markdown rendering) behind them.
 *
 * Large means: a declared length over `LARGE_BODY_BYTES`, no declared length (chunked), or any
 * Content-Encoding (a small compressed body may decode to the 1 MiB limit). Uploads have bounds of
 * their own: they stream to disk, so the bound is on files and disk bandwidth, not memory. A refused
 * upload's body is left unread, its connection closed after a grace period (http/refused-body.ts).
 */
import type { RequestHandler } from 'express';
import { FairAdmission, Overloaded, type AdmissionLimits } from './admission.ts';
import { leaveBodyUnread } from './refused-body.ts';

export const LARGE_BODY_BYTES = 64 * 1024;

export const JSON_BODY_ADMISSION = { running: 4, runningPerKey: 2, waitingPerKey: 8, waitingTotal: 64, maxWaitMs: 10_000 } as const;
export const UPLOAD_ADMISSION = { running: 8, runningPerKey: 4, waitingPerKey: 8, waitingTotal: 64, maxWaitMs: 30_000 } as const;

type Bounds = Omit<AdmissionLimits, 'what' | 'retryAfterSeconds'>;

function isLarge(headers: { contentLength: string | undefined; transferEncoding: string | undefined; contentEncoding: string | undefined }): boolean {
  const encoding = headers.contentEncoding?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') return true;
  if (headers.transferEncoding !== undefined) return true;
  return Number(headers.contentLength ?? 0) > LARGE_BODY_BYTES;
}

/**
 * @param isUpload which requests are uploads (admitted against `uploads`); every other request with a
 * large body is admitted against `json`.
 */
export function admitLargeBodies(isUpload: (path: string) => boolean, bounds: { json: Bounds; uploads: Bounds } = { json: JSON_BODY_ADMISSION, uploads: UPLOAD_ADMISSION }): RequestHandler {
  const make = (what: string, limits: Bounds) => {
    const admission: FairAdmission<number> = new FairAdmission<number>({
      what,
      ...limits,
      retryAfterSeconds: () => Math.min(30, 1 + Math.ceil(admission.load.waiting / limits.running)),
    });
    return admission;
  };
  const json = make('large request bodies', bounds.json);
  const uploads = make('uploads', bounds.uploads);
  return (req, res, next) => {
    const large = isLarge({
      contentLength: req.get('content-length'),
      transferEncoding: req.get('transfer-encoding'),
      contentEncoding: req.get('content-encoding'),
    });
    if (!large) return next();
    const admission = isUpload(req.path) ? uploads : json;
    const gone = new AbortController();
    const onClose = () => gone.abort(new Error('The client has gone.'));
    res.once('close', onClose);
    admission.acquire((res.locals.workspaceId as number | undefined) ?? 0, gone.signal).then(
      (release) => {
        res.off('close', onClose);
        if (res.destroyed) return release();
        res.once('close', release);
        next();
      },
      (err: unknown) => {
        res.off('close', onClose);
        if (gone.signal.aborted) return;
        // A refused upload's body (up to 10 MiB) is not drained after the 503 (http/refused-body.ts);
        // a refused JSON body is at most 1 MiB, and drained as measured at the cost of its refusal.
        if (err instanceof Overloaded && admission === uploads) leaveBodyUnread(req, res);
        next(err);
      },
    );
  };
}
