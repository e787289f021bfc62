/**
 * http.head's Content-Length (RFC 9110 sections 8.6 and 9.3.2): the answer to a HEAD carries the header
 * fields GET's would, and a Content-Length in it, if sent, is the length GET's body would have. A HEAD
 * that writes the length of the body it sends (none: 0) answers every other field right and shows only
 * here. A HEAD may leave Content-Length out; a GET's body may change between two requests (another
 * request changed the resource), which the GET sent after the HEAD shows.
 */
import type { Exchange } from '../http/exchange.ts';

const header = (exchange: Exchange, name: string) => exchange.response?.headers.find(([key]) => key.toLowerCase() === name)?.[1];

/**
 * What is wrong with HEAD's Content-Length, or undefined. RFC 9110 section 8.6: a Content-Length in the
 * answer to a HEAD, if sent, is the length GET's body would have; a HEAD need not send one. Judged only
 * when the two GETs around the HEAD answered the same status and the same bytes (nothing changed
 * between them), against their Content-Length, or, sent without one and without a Content-Encoding,
 * against the bytes of their body.
 */
export function headContentLengthProblem(get: Exchange, head: Exchange, getAgain: Exchange): string | undefined {
  const onHead = header(head, 'content-length');
  if (onHead === undefined || !get.response || !getAgain.response) return undefined;
  if (get.response.status !== getAgain.response.status || get.response.body !== getAgain.response.body || get.response.utf8 === false) return undefined;
  const [first, second] = [header(get, 'content-length'), header(getAgain, 'content-length')];
  if (first !== second || header(get, 'content-encoding') !== header(getAgain, 'content-encoding')) return undefined;
  let expected: string;
  if (first !== undefined) expected = first.trim();
  else if (header(get, 'content-encoding') === undefined) expected = String(Buffer.byteLength(get.response.body));
  else return undefined;
  if (onHead.trim() === expected) return undefined;
  return `HEAD's Content-Length is ${onHead}, but GET's body, the same in the GETs sent before and after it, is ${expected} bytes long (RFC 9110 section 8.6: a HEAD's Content-Length is the length GET's body would have)`;
}
