/**
 * Multipart parsing for the image upload, ahead of the validator. It is set up here rather than
 * through the validator's own uploader so that every multer and busboy error reaches the error
 * handler as itself: a file over the limit is a 413, extra parts a 422, a broken body a 400.
 */
import type { RequestHandler } from 'express';
import multer from 'multer';

export const IMAGE_SIZE_LIMIT = 10 * 1024 * 1024;

export function imageUploadParser(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMAGE_SIZE_LIMIT, files: 1, fields: 0, parts: 1 },
  }).any();
  return (req, res, next) =>
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
}
