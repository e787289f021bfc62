/**
 * Every framing RFC 2046 and RFC 7578 give a multipart/form-data body of one part named `file`, each
 * equivalent to the plain one a browser sends: a preamble before the first boundary and an epilogue
 * after the last (RFC 2046 section 5.1.1: "discarded"); the boundary quoted in Content-Type, and one
 * made of the special characters its grammar allows (`bchars`: `'()+_,-./:=?` and a space not at the
 * end, which must be quoted); transport padding (spaces and tabs) after each boundary line, which
 * "receivers MUST be able to handle"; part header names in other letter case (RFC 5322 field names,
 * RFC 7578 section 4.8); the Content-Disposition parameters in another order, unquoted, or with `filename*` (RFC 5987, beside
 * `filename` as RFC 6266 section 4.3 sends it). Each carries the same file, so each is the same upload.
 *
 * The contract answers `400` only to "a body that is not parseable ... multipart, for the upload"
 * (requests.malformed-body), and "every input that its schemas allow ... is accepted with the
 * operation's success status" (requests.valid-input-accepted): each is a `201`, its image served byte
 * for byte (image.served-at-url). A parser of its own that expects the body to start with its boundary,
 * the boundary unquoted, or the parameters in the order browsers write them refuses one of these, and
 * shows only on it: every client the suite uses frames a body the plain way.
 */
import type { SampleFile } from './images.ts';

export interface UploadFraming {
  /** How the failure names it. */
  what: string;
  body: Buffer;
  contentType: string;
}

const TOKEN_BOUNDARY = 'conformance-framing';
/** Every special character `bchars` allows beside letters and digits, and a space not at the end (RFC 2046 section 5.1.1). */
const SPECIAL_BOUNDARY = "conformance '()+_,-./:=? framing";

interface Framing {
  what: string;
  boundary?: string;
  /** The Content-Type's boundary parameter as written (quoted or not). */
  parameter?: string;
  preamble?: string;
  epilogue?: string;
  /** What follows each boundary line before its CRLF (RFC 2046 transport-padding). */
  padding?: string;
  /** The part's header lines, the file's name and type given. */
  headers?: (file: SampleFile) => string[];
}

const plainHeaders = (file: SampleFile) => [`Content-Disposition: form-data; name="file"; filename="${file.name}"`, `Content-Type: ${file.type}`];

const FRAMINGS: Framing[] = [
  { what: 'a preamble before the first boundary', preamble: 'This is the preamble of a MIME message; a parser discards it.\r\n' },
  { what: 'an epilogue after the closing boundary', epilogue: 'This is the epilogue of a MIME message; a parser discards it.\r\n' },
  { what: 'the boundary quoted in Content-Type', parameter: `"${TOKEN_BOUNDARY}"` },
  { what: `a boundary of the special characters RFC 2046 allows and a space, quoted (${JSON.stringify(SPECIAL_BOUNDARY)})`, boundary: SPECIAL_BOUNDARY, parameter: `"${SPECIAL_BOUNDARY}"` },
  { what: 'transport padding (spaces and a tab) after each boundary line', padding: ' \t ' },
  { what: 'the part header names in lower and upper case (content-disposition, CONTENT-TYPE)', headers: (file) => [`content-disposition: form-data; name="file"; filename="${file.name}"`, `CONTENT-TYPE: ${file.type}`] },
  { what: 'the Content-Type header before Content-Disposition, and filename before name', headers: (file) => [`Content-Type: ${file.type}`, `Content-Disposition: form-data; filename="${file.name}"; name="file"`] },
  { what: 'the Content-Disposition parameters unquoted, without spaces', headers: (file) => [`Content-Disposition: form-data;name=file;filename=${file.name}`, `Content-Type: ${file.type}`] },
  { what: "a filename* (RFC 5987) beside filename", headers: (file) => [`Content-Disposition: form-data; name="file"; filename="${file.name}"; filename*=UTF-8''%C3%A9-${file.name}`, `Content-Type: ${file.type}`] },
];

/** The framings, each around `file` (a name of letters, digits and dots, a token as it stands). */
export function uploadFramings(file: SampleFile): UploadFraming[] {
  return FRAMINGS.map(({ what, boundary = TOKEN_BOUNDARY, parameter = boundary, preamble = '', epilogue = '', padding = '', headers = plainHeaders }) => ({
    what,
    body: Buffer.concat([
      Buffer.from(`${preamble}--${boundary}${padding}\r\n${headers(file).join('\r\n')}\r\n\r\n`, 'latin1'),
      file.bytes,
      // The closing boundary's CRLF as browsers send it; RFC 2046's epilogue follows it.
      Buffer.from(`\r\n--${boundary}--${padding}\r\n${epilogue}`, 'latin1'),
    ]),
    contentType: `multipart/form-data; boundary=${parameter}`,
  }));
}
