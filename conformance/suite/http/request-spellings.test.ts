/**
 * Every operation's well-formed request, with the request's header fields and framing spelt in the other
 * forms HTTP gives them, is answered as the usual spelling is: with the operation's success status.
 * Every other test sends `Authorization: Bearer <token>`, `Accept: *\/*` and a body with its
 * Content-Length; a server that compares those fields as text, or wants the length before it reads,
 * answers all of them right and a client that spells them otherwise with a 401, a 406 or a 411.
 *
 * - Authorization: the scheme in lower case, and in mixed case with two spaces before the token (RFC 9110 section 11.1: "It uses a case-insensitive token to identify the
 *   authentication scheme"; section 11.4 and RFC 6750 section 2.1: `"Bearer" 1*SP b64token`). Only
 *   another scheme is a 401 (auth.bearer-required).
 * - Accept: JSON allowed only by a type wildcard (`application/*`), by `*\/*` with a quality in a
 *   browser's list that prefers other types, and named in other letter case with a quality and a
 *   parameter beside another type (RFC 9110 section 12.5.1; media types are case-insensitive, section
 *   8.3.1). The contract declares no 406: an answer is JSON whatever the Accept, and each of these allows
 *   it anyway (responses.declared-status).
 * - The body, where the operation takes one (JSON, or the upload's multipart): sent in two chunks with
 *   `Transfer-Encoding: chunked` and no Content-Length, as a streamed body is (RFC 9112 section 6.1 and
 *   7.1). The contract's limits are on the body's size; a Content-Length is judged where there is one.
 *
 * Two tests an operation: the scheme in lower case and in mixed case (drawn from the seed) with two
 * spaces, two requests (not on the mock, which takes `Bearer` only: checks/profile.ts scheme_any_case);
 * each Accept, three requests, the body in chunks on the first. Each answered with the success status.
 * A read's requests share one resource; a write that uses its resource up (a delete, a send) gets one
 * each.
 */
import { jsonMedia, takesUpload } from '../../cases/json-media.ts';
import { deleterOf, successStatus } from '../../cases/run-case.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { pathIdsFor, wellFormedRequest, type PathIds } from '../requests.ts';
import { guardAuthor, sendHoldingAuthor } from '../shared-author.ts';

const { contract, options } = suiteContext();

/** The scheme in mixed case: one drawn per test (never `Bearer`, `bearer` or `BEARER`). */
const MIXED_SCHEMES = ['bEARER', 'BeArEr', 'beaRer', 'BEARer'];

/** Accept fields that allow application/json, none of them as `*\/*` alone or `application/json` alone. */
const ACCEPTS = [
  'application/*',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Application/JSON; charset=UTF-8; q=0.9, text/plain; q=0.5',
];

interface Spelling {
  /** The whole Authorization field; the usual `Bearer <token>` where it is not what the request varies. */
  authorization: string;
  /** The Accept field; none (the suite's usual `*\/*`) where it is not what the request varies. */
  accept?: string;
  chunked: boolean;
}

/** The scheme in lower case, and in mixed case with two spaces before the token. */
function schemeSpellings(t: Kit): Spelling[] {
  return [
    { authorization: `bearer ${options.token}`, chunked: false },
    { authorization: `${t.random.pick(MIXED_SCHEMES)}  ${options.token}`, chunked: false },
  ];
}

/** Each Accept, the body in chunks on the first. */
const acceptSpellings = (): Spelling[] => ACCEPTS.map((accept, index) => ({ authorization: `Bearer ${options.token}`, accept, chunked: index === 0 }));

/** Operations whose request uses its resource up: each request gets a resource of its own. */
const usesUp = (operation: OperationInfo) => operation.method === 'DELETE' || operation.operationId === 'sendEmail';

const takesBody = (operation: OperationInfo) => jsonMedia(operation) !== undefined || takesUpload(operation);

/** How a request was spelt, for a failure's reason (the token shown as the redactor shows it). */
function described(operation: OperationInfo, spelling: Spelling): string {
  const scheme = spelling.authorization.slice(0, spelling.authorization.indexOf(options.token)).replace(/ /g, '␠');
  const accept = spelling.accept === undefined ? '' : `, Accept "${spelling.accept}"`;
  const framing = spelling.chunked && takesBody(operation) ? ', its body in two chunks with Transfer-Encoding: chunked and no Content-Length' : '';
  return `Authorization "${scheme}<token>" (␠ a space)${accept}${framing}`;
}

const WHY =
  'the auth-scheme is case-insensitive and one or more spaces part it from the token (RFC 9110 sections 11.1 and 11.4, RFC 6750 section 2.1): only another scheme is a 401; ' +
  'each Accept allows application/json, by a wildcard, with a quality or in other letter case (RFC 9110 sections 12.5.1 and 8.3.1), and the contract declares no 406; ' +
  'a body may come in chunks without a Content-Length (RFC 9112 section 7.1), and the contract declares no 411';

async function acceptsSpellings(t: Kit, operation: OperationInfo, sent: Spelling[]): Promise<void> {
  guardAuthor(t, operation);
  const expected = successStatus(operation);
  const shared = usesUp(operation) ? undefined : await pathIdsFor(t, operation);
  const idsOf = await Promise.all(sent.map(() => (shared ? Promise.resolve(shared) : pathIdsFor(t, operation))));
  const answers = await sendHoldingAuthor(t, operation, () =>
    Promise.all(
      sent.map(async (spelling, index) => {
        const ids: PathIds = idsOf[index]!;
        const request = wellFormedRequest(t, operation, ids);
        const headers: Record<string, string> = spelling.accept === undefined ? {} : { Accept: spelling.accept };
        if (spelling.chunked && request.body !== undefined) headers['Transfer-Encoding'] = 'chunked';
        const answer = await t.raw({ ...request, headers, authorization: spelling.authorization });
        const deleter = deleterOf(t, operation);
        const id = (answer.json as { id?: unknown } | undefined)?.id;
        if (deleter && typeof id === 'number' && answer.status === expected) {
          t.cleanup(`${deleter.operationId} ${id}`, async () => {
            const { status } = await t.call(deleter, { ids: { ...ids, id } });
            if (status !== 204 && status !== 404) throw new Error(`answered ${status}`);
          });
        }
        return answer;
      }),
    ),
  );
  sent.forEach((spelling, index) => {
    const { status, exchange } = answers[index]!;
    // A 401 is the scheme read by its letter case or its spaces; any other status one of the rest.
    const rules = status === 401 ? ['auth.bearer-required', 'requests.valid-input-accepted'] : ['requests.valid-input-accepted', 'responses.declared-status'];
    t.verify(status === expected, `${operation.operationId} sent with ${described(operation, spelling)} answered ${status ?? 'nothing'}; expected ${expected}, as the usual spelling is: ${WHY}`, { evidence: exchange, rules });
  });
}

for (const operation of contract.operations) {
  forOperation(operation.operationId, (test) => {
    test('accepts its token with the Bearer scheme in any letter case and more than one space before the token', { check: 'positive_data_acceptance', rules: ['auth.bearer-required', 'requests.valid-input-accepted'], needs: ['scheme_any_case'] }, (t: Kit) => acceptsSpellings(t, operation, schemeSpellings(t)));
    const body = takesBody(operation) ? ', its body once sent in chunks without a Content-Length' : '';
    test(`accepts its request with an Accept that allows JSON by a wildcard, in a browser's list or in other spellings${body}`, { check: 'positive_data_acceptance', rules: ['requests.valid-input-accepted', 'responses.declared-status'] }, (t: Kit) => acceptsSpellings(t, operation, acceptSpellings()));
  });
}
