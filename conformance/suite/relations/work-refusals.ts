/**
 * Well-formed inputs that only the operation's work refuses: errors.precedence ("`409` for a resource's
 * state; `422` for what only the operation's work can tell (references, Markdown, readiness to send)")
 * puts each after the state of the resource the path names. Read from the operation's JSON body as the
 * contract declares it:
 *
 * - every reference field (references.ts: `author_id`, `category_id`) set to an id that names nothing
 *   (resources.author-of-workspace, post.category-of-same-page: a `422` naming it, on a resource the
 *   operation may change);
 * - every Markdown field (`content_md`) set to block quotes nested one level deeper than the contract
 *   allows (EmailUpdate's and PostCreate's `content_md`: "Lists and block quotes nest at most 50 levels
 *   deep ... deeper Markdown ... is a `422`"), with no `content_html` beside it, so it is rendered.
 *
 * A taken slug or name is a conflict of its own (a `409` of another type), not among these. Each value
 * is valid by the schema alone, so the request judged on its own passes and only the work refuses it.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { jsonMedia } from '../../cases/json-media.ts';
import { suiteContext } from '../context.ts';
import { MISSING_ID } from '../requests.ts';
import { REFERENCES } from './references.ts';

const { contract } = suiteContext();

/** The nesting the contract allows Markdown's lists and block quotes ("at most 50 levels deep"). */
const MARKDOWN_MAX_DEPTH = 50;

/** Block quotes one level deeper than allowed: a `>` per level, then a word. */
const TOO_DEEP_MARKDOWN = `${'>'.repeat(MARKDOWN_MAX_DEPTH + 1)} too deep`;

export interface WorkRefusal {
  /** What the request sends, in words. */
  what: string;
  /** The fields to set on a well-formed body. */
  fields: Record<string, unknown>;
  /** The rules that say the work refuses it. */
  rules: string[];
}

/** The fields of the operation's JSON body. */
function bodyFields(operation: OperationInfo): string[] {
  const media = jsonMedia(operation);
  return media ? Object.keys(constrainedBranch(contract, media.schema)?.properties ?? {}) : [];
}

/** Every input of the operation's body that only its work refuses, one per request. */
export function workRefusals(operation: OperationInfo): WorkRefusal[] {
  const fields = bodyFields(operation);
  const refusals: WorkRefusal[] = fields
    .filter((field) => field in REFERENCES)
    .map((field) => ({ what: `${field} ${MISSING_ID}, an id that names nothing`, fields: { [field]: MISSING_ID }, rules: REFERENCES[field]!.rules }));
  if (fields.includes('content_md')) {
    const withoutHtml = fields.includes('content_html') ? { content_html: null } : {};
    refusals.push({ what: `content_md of block quotes nested ${MARKDOWN_MAX_DEPTH + 1} levels deep`, fields: { content_md: TOO_DEEP_MARKDOWN, ...withoutHtml }, rules: [] });
  }
  return refusals;
}
