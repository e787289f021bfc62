/**
 * Multipart parsing for the image upload, ahead of the validator. It is set up here rather than
 * through the validator's own uploader so that every multer and busboy error reaches the error
 * handler as itself: a file over the limit is a 413, extra parts a 422, a broken body a 400.
 *
 * Only `multipart/form-data` is parsed; another multipart type (`multipart/mixed`,
 * `multipart/related`) reaches the validator unparsed, which answers 415 as for any type the
 * operation does not take. An upload is never content-encoded: multer would read the encoded bytes
 * as the form, so any Content-Encoding but identity is a 415 too.
 *
 * The file streams to disk as it arrives (multer's disk storage, in a directory beside the images
 * that is never served), so an upload costs a few kilobytes of memory however large it is and however
 * many run at once (http/body-admission.ts bounds how many). The image service moves a file it keeps
 * into place with a rename; whatever is still in the incoming directory when the answer is complete
 * (a refused file, a failed or cut-off upload) is removed then, so a failed upload leaves nothing.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { Writable } from 'node:stream';
import contentType from 'content-type';
import multer from 'multer';
import { problems } from './problem.ts';
import { transportPaddingRemover } from './transport-padding.ts';

export const IMAGE_SIZE_LIMIT = 10 * 1024 * 1024;
/** Room for the multipart framing around the file: boundaries and part headers. */
export const UPLOAD_BODY_LIMIT = IMAGE_SIZE_LIMIT + 64 * 1024;

/** Where uploads are written while they arrive: beside the served images, not under them. */
export const incomingUploadsDir = (imagesDir: string): string => path.join(path.dirname(imagesDir), 'incoming');

/** What an upload may hold: the largest file in bytes (a larger one is a 413), and how many text fields and parts (more are a 422). */
export interface UploadLimits {
  fileSize: number;
  fields: number;
  parts: number;
}

/** An upload is one file part and nothing else. */
const UPLOAD_LIMITS: UploadLimits = { fileSize: IMAGE_SIZE_LIMIT, fields: 0, parts: 1 };

export function imageUploadParser(incomingDir: string, limits: Partial<UploadLimits> = {}): RequestHandler {
  mkdirSync(incomingDir, { recursive: true });
  const parse = multer({
    storage: multer.diskStorage({ destination: incomingDir }),
    limits: { ...UPLOAD_LIMITS, ...limits, files: 1 },
    // multer's own option (its types do not list it yet): the body reaches busboy without padding.
    ...({ streamHandler: feedWithoutTransportPadding } as object),
  }).any();
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity' && encoding !== '') {
      return next(problems.unsupportedMediaType(`Send the upload without a Content-Encoding; ${encoding.slice(0, 40)} is not accepted for multipart/form-data.`));
    }
    // Once the answer is complete (or the client gone), nothing of this request stays incoming.
    res.once('close', () => {
      for (const file of (req.files ?? []) as Express.Multer.File[]) if (typeof file.path === 'string') rmSync(file.path, { force: true });
    });
    parse(req, res, (err?: unknown) => {
      if (err) return next(err);
      // The validator checks a multipart body against its schema by field name: list each file
      // part there (the bytes stay in req.files), as the validator's own uploader would.
      const files = (req.files ?? []) as Express.Multer.File[];
      if (files.length > 0) {
        req.body ??= {};
        for (const file of files) req.body[file.fieldname] = '';
      }
      next();
    });
  };
}

/**
 * Pipes the request into busboy as multer does, each chunk first cleared of RFC 2046's transport
 * padding (transport-padding.ts), which busboy does not read. The padding is taken out inside busboy's
 * own write, so multer's piping, back-pressure and teardown of the request stay as they are.
 */
function feedWithoutTransportPadding(req: IncomingMessage, busboy: Writable & { _write: Writable['_write']; _final: NonNullable<Writable['_final']> }): void {
  let boundary: string | undefined;
  try {
    boundary = contentType.parse(req.headers['content-type'] ?? '').parameters.boundary;
  } catch {
    boundary = undefined; // busboy refuses the header itself: a 400
  }
  if (boundary) {
    const remover = transportPaddingRemover(boundary);
    const write = busboy._write.bind(busboy);
    const final = busboy._final.bind(busboy);
    const writeSome = (bytes: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void) => (bytes.length ? write(bytes, encoding, callback) : callback());
    busboy._write = (chunk: Buffer, encoding, callback) => writeSome(remover.push(chunk), encoding, callback);
    busboy._final = (callback) => writeSome(remover.end(), 'latin1', (error) => (error ? callback(error) : final(callback)));
  }
  req.pipe(busboy);
}
