/**
 * RFC 9110 section 5.6.6 writes a media type's parameters as `*( OWS ";" OWS [ parameter ] )`, and OWS
 * is spaces and horizontal tabs. The parsers the server reads Content-Type with (content-type, type-is,
 * and through them express.json, multer and the contract validator) take spaces there but refuse a tab:
 * `multipart/form-data;\tboundary=...` would be read as no multipart at all. This rewrites the white
 * space around each `;` outside a quoted value to one space before any of them reads the header, so
 * the same media type is the same to every stage.
 */
import type { RequestHandler } from 'express';

const isWhiteSpace = (character: string | undefined) => character === ' ' || character === '\t';

/**
 * The media type with the white space around each `;` as one space after it. One pass over the value
 * (a regular expression for it backtracks over every run of white space: about a second for a header
 * of 16 KB of tabs); a quoted value, up to its closing quote, is copied as it is.
 */
export function mediaTypeWithPlainSeparators(value: string): string {
  let plain = '';
  let at = 0;
  while (at < value.length) {
    const character = value[at]!;
    if (character === '"') {
      let end = at + 1;
      while (end < value.length && value[end] !== '"') end += value[end] === '\\' ? 2 : 1;
      plain += value.slice(at, end + 1);
      at = end + 1;
    } else if (isWhiteSpace(character) || character === ';') {
      let end = at;
      while (isWhiteSpace(value[end])) end += 1;
      if (value[end] !== ';') {
        plain += value.slice(at, end);
        at = end;
        continue;
      }
      end += 1;
      while (isWhiteSpace(value[end])) end += 1;
      plain += '; ';
      at = end;
    } else {
      plain += character;
      at += 1;
    }
  }
  return plain;
}

export const plainMediaTypeSeparators: RequestHandler = (req, _res, next) => {
  const value = req.headers['content-type'];
  if (value !== undefined && value.includes('\t')) req.headers['content-type'] = mediaTypeWithPlainSeparators(value);
  next();
};
