/**
 * RFC 9110 section 5.6.6 writes a media type's parameters as `*( OWS ";" OWS [ parameter ] )`, and OWS
 * is spaces and horizontal tabs. The parsers the server reads Content-Type with (content-type, type-is,
 * and through them express.json, multer and the contract validator) take spaces there but refuse a tab:
 * `multipart/form-data;\tboundary=...` would be read as no multipart at all. This rewrites the white
 * space around each `;` outside a quoted value to one space before any of them reads the header, so
 * the same media type is the same to every stage.
 */
import type { RequestHandler } from 'express';

/** A quoted value, kept as it is, or a `;` with the white space around it. */
const QUOTED_OR_SEPARATOR = /"(?:[^"\\]|\\.)*"|[ \t]*;[ \t]*/g;

/** The media type with the white space around each `;` as one space after it. */
export function mediaTypeWithPlainSeparators(value: string): string {
  return value.replace(QUOTED_OR_SEPARATOR, (match) => (match.startsWith('"') ? match : '; '));
}

export const plainMediaTypeSeparators: RequestHandler = (req, _res, next) => {
  const value = req.headers['content-type'];
  if (value !== undefined && value.includes('\t')) req.headers['content-type'] = mediaTypeWithPlainSeparators(value);
  next();
};
