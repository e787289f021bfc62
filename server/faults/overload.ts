/**
 * The overload faults: the server as it would be without one of its bounds on memory and waiting, so
 * the suite's overload phase can be proven to catch each. None changes what a single request gets; each
 * shows only when many of the largest requests come at once, as in production under a heap of 128 MB.
 */
import { rmSync } from 'node:fs';
import type { RequestHandler } from 'express';
import multer from 'multer';
import type { PipelineContext } from '../app.ts';
import type { ServerParts } from '../compose.ts';
import { MarkdownPool } from '../domain/markdown-pool.ts';
import { wrapStage, type Pipeline } from '../http/pipeline.ts';
import { IMAGE_SIZE_LIMIT, incomingUploadsDir } from '../http/uploads.ts';
import type { FaultSet } from './fault-set.ts';

const UPLOAD_PATH = '/images/upload';

export function breakOverloadParts(on: FaultSet, { markdown }: ServerParts): void {
  if (on('markdown-queue-unbounded')) {
    // The worker threads' own first-come queue, with nothing in front of it: every rendering waits its
    // turn however many are ahead, and none is ever refused with a 503.
    const pool = new MarkdownPool();
    const close = markdown.close.bind(markdown);
    markdown.render = (text) => pool.render(text);
    markdown.close = async () => {
      await pool.close();
      await close();
    };
  }
}

/** Every write of a GET's answer gathered in memory and sent in one piece at the end, as `res.json` would. */
function answerBuiltWhole(real: RequestHandler): RequestHandler {
  return (req, res, next) =>
    real(req, res, (err?: unknown) => {
      if (err !== undefined || req.method !== 'GET') return next(err);
      const parts: string[] = [];
      const end = res.end.bind(res) as (chunk?: unknown) => typeof res;
      res.write = ((chunk: unknown) => {
        parts.push(String(chunk));
        return true;
      }) as typeof res.write;
      res.end = ((chunk?: unknown) => {
        if (parts.length === 0) return end(chunk);
        if (chunk !== undefined && typeof chunk !== 'function') parts.push(String(chunk));
        const whole = parts.join('');
        res.setHeader('Content-Length', Buffer.byteLength(whole));
        return end(whole);
      }) as typeof res.end;
      next();
    });
}

/**
 * The upload read whole into memory, as one string of its bytes, and only then parsed (multer fed from
 * the string); the file still reaches the disk, so a single upload works as before.
 */
function uploadBuffered(real: RequestHandler, incomingDir: string): RequestHandler {
  const buffered = new WeakMap<object, string>();
  const parse = multer({
    storage: multer.diskStorage({ destination: incomingDir }),
    limits: { fileSize: IMAGE_SIZE_LIMIT, files: 1, fields: 0, parts: 1 },
    streamHandler: (req: object, busboy: { end(chunk: Buffer): void }) => busboy.end(Buffer.from(buffered.get(req) ?? '', 'latin1')),
  } as multer.Options).any();
  return (req, res, next) => {
    const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
    if (!req.is('multipart/form-data') || (encoding !== 'identity' && encoding !== '')) return real(req, res, next);
    res.once('close', () => {
      for (const file of (req.files ?? []) as Express.Multer.File[]) if (typeof file.path === 'string') rmSync(file.path, { force: true });
    });
    let body = '';
    req.setEncoding('latin1');
    req.on('data', (chunk: string) => (body += chunk));
    req.once('error', next);
    req.once('end', () => {
      buffered.set(req, body);
      parse(req, res, (err?: unknown) => {
        if (err) return next(err);
        const files = (req.files ?? []) as Express.Multer.File[];
        if (files.length > 0) {
          req.body ??= {};
          for (const file of files) req.body[file.fieldname] = '';
        }
        next();
      });
    });
  };
}

export function breakOverloadPipeline(on: FaultSet, api: Pipeline['api'], { options }: PipelineContext): Pipeline['api'] {
  let stages = api;
  if (on('list-built-whole')) stages = wrapStage(stages, 'list-answers', (real) => answerBuiltWhole(real as RequestHandler));
  if (on('upload-buffered')) {
    // No bound on uploads at once, and each is held whole in memory until it is parsed.
    stages = wrapStage(stages, 'body-admission', (real) => ((req, res, next) => (req.path === UPLOAD_PATH ? next() : (real as RequestHandler)(req, res, next))) as RequestHandler);
    stages = wrapStage(stages, 'upload-parser', (real) => uploadBuffered(real as RequestHandler, incomingUploadsDir(options.imagesDir)));
  }
  return stages;
}
