/**
 * Faults that prove the checks of the rule-by-rule pass over the family of inputs (what a request may
 * carry, and what is derived from it) can fail: each breaks one class of input on one operation, a
 * class the suite had not tried before that pass. Each is a bug an implementer could plausibly write,
 * and each breaks a statement of the contract (named in its comment).
 */
import type { ServerParts } from '../compose.ts';
import type { RequestHandler } from 'express';
import { BODY_RULES, jsonBody } from '../http/json-body.ts';
import { insertBefore, wrapStage, type Pipeline } from '../http/pipeline.ts';
import type { FaultSet } from './fault-set.ts';

// The contract is walked as plain JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** The faults that live in the contract the validator enforces (contract.ts applies them to its copy). */
export function loosenRuleInputsContract(on: FaultSet, copy: Json): void {
  const schemas = copy.components.schemas;
  if (on('email-update-subject-del-accepted')) {
    // updateEmail's subject is checked with `[\x00-\x1F]`, the C0 controls, and DEL (U+007F) is
    // forgotten: a subject holding it is stored. A line feed or NUL, which every earlier test sent, is
    // refused, and createEmail is right. Breaks requests.text-without-control-characters ("U+0000 to
    // U+001F or U+007F ... is answered 422 naming the field, never stored").
    schemas.EmailUpdate.properties.subject = { ...schemas.EmailUpdate.properties.subject, pattern: '^[^\\u0000-\\u001F]*$' };
  }
  if (on('post-create-title-tab-accepted')) {
    // createPost's title refuses control characters but a tab, written as `[\x00-\x08\x0A-\x1F\x7F]`
    // by someone who takes a tab for a space: a title holding one is stored. A line feed, NUL or DEL
    // is refused, and updatePost is right. Breaks requests.text-without-control-characters (a tab is
    // allowed only "in text that may span lines"; a name is on one line).
    schemas.PostCreate.properties.title = {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[^\\S\\u0000-\\u0008\\u000A-\\u001F\\u007F]*[^\\s\\u0000-\\u001F\\u007F][^\\u0000-\\u0008\\u000A-\\u001F\\u007F]*$',
    };
  }
}

export function breakRuleInputsParts(on: FaultSet, { services }: ServerParts): void {
  if (on('email-update-null-html-clears-markdown')) {
    // updateEmail applies the body's `null`s before it looks for Markdown (`content_html: null` clears
    // the field, as `null` does in an update): a body with content_html null beside content_md stores
    // no content. Markdown alone is rendered, HTML sent as a string is kept, and createEmail is right.
    // Breaks requests.null-as-absent ("but for content_html: null beside content_md, which renders the
    // Markdown") and EmailUpdate's content_md ("When content_html is absent or null, it is rendered").
    const contentForUpdate = services.emails.contentForUpdate.bind(services.emails);
    services.emails.contentForUpdate = (workspaceId, newsletterId, id, input, signal) =>
      input.content_html === null ? Promise.resolve(null) : contentForUpdate(workspaceId, newsletterId, id, input, signal);
  }
}

/** getPost's path: `/pages/{page_id}/posts/{id}` as the API router sees it. */
const POST_PATH = /^\/pages\/([^/]+)\/posts\/([^/]+)\/?$/;

/** A path segment as `Number(text)` reads it, when that is a whole number; else the segment as sent. */
function readAsNumber(segment: string): string {
  let text: string;
  try {
    text = decodeURIComponent(segment);
  } catch {
    return segment;
  }
  const number = Number(text);
  return text.trim() !== '' && Number.isSafeInteger(number) ? String(number) : segment;
}

export function breakRuleInputsPipeline(on: FaultSet, pipeline: Pipeline): Pipeline {
  let { api } = pipeline;
  if (on('post-get-ids-read-as-numbers')) {
    // getPost reads its path ids with `Number(text)` and keeps what is a whole number: `007`, `1e0`,
    // `0x1`, `+1`, ` 1`, `1\n` and `1.0` all name post 1, while `Infinity`, `1.5` and text are still
    // refused, and every other operation is right. Breaks requests.whole-numbers ("exponents,
    // hexadecimal, signs, leading zeros, fractions and white space are answered 422 naming the
    // parameter").
    api = insertBefore(api, 'whole-numbers', {
      name: 'post-get-ids-read-as-numbers',
      handler: (req, _res, next) => {
        const match = req.method === 'GET' ? POST_PATH.exec(req.path) : null;
        if (match) {
          const query = req.url.slice(req.path.length);
          req.url = `/pages/${readAsNumber(match[1]!)}/posts/${readAsNumber(match[2]!)}${query}`;
        }
        next();
      },
    });
  }
  if (on('newsletter-update-lone-surrogate-kept')) {
    // updateNewsletter's body is parsed without the check for lone surrogates (its route was given a
    // parser of its own): a name holding one is accepted and stored, while every other operation, and
    // this one's control characters, are refused as before. Breaks requests.well-formed-text ("a lone
    // surrogate in a JSON string is answered 422 naming the field").
    const loose = jsonBody({ ...BODY_RULES, refuseLoneSurrogates: false });
    const newsletterPath = /^\/newsletters\/[^/]+\/?$/;
    api = wrapStage(api, 'json-body', (real) => ((req, res, next) => (req.method === 'PATCH' && newsletterPath.test(req.path) ? loose : (real as RequestHandler))(req, res, next)) as RequestHandler);
  }
  return { ...pipeline, api };
}
