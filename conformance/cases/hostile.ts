/**
 * Phase hostile: inputs a hostile client sends, for every operation they apply to, derived from the
 * contract like the other phases: every integer path or query parameter spelled in ways that are not
 * plain decimal, lone surrogates, control characters and bytes that are not UTF-8 in the body's
 * strings, other charsets, undecodable or unknown Content-Encodings, other multipart subtypes for the
 * upload, 20,000 unknown keys, arrays nested 5,000 levels, pathological Markdown, a declared length
 * over the limit with a body that stalls; and HEAD, names that differ in a non-ASCII letter's case,
 * and generated domains.
 *
 * Few and bounded on purpose (see README "Hostile inputs"): one request at a time, none over 500 KB.
 */
import type { ContractDocument, OperationInfo } from '../contract/document.ts';
import { inputFields, type InputField } from './fields.ts';
import {
  MARKDOWN_SHAPES,
  NESTING_DEPTH,
  NUMBER_SPELLINGS,
  refusedControlCharacter,
  UNKNOWN_KEYS,
  withLoneSurrogates,
  type HostileInput,
  type MarkdownShape,
  type NumberSpelling,
} from './hostile-inputs.ts';
import { jsonMedia, takesUpload } from './json-media.ts';
import { makeCase, type Expectation, type GeneratedCase } from './model.ts';
import type { CheckName } from '../checks/catalog.ts';

/** The JSON body limit is 1 MiB and the image limit 10 MiB: the declared lengths are just over. */
const JSON_LIMIT = 1024 * 1024;
const IMAGE_LIMIT = 10 * 1024 * 1024;
/** What is sent of a declared oversized body before it stalls. */
const STALLED_AFTER_BYTES = 16 * 1024;
/** Of the seven finite spellings that are not plain decimal, each operation gets this many. */
const NON_CANONICAL_PER_OPERATION = 4;
/** Fields a workspace keeps unique regardless of letter case. */
const CASE_INSENSITIVE_NAMES: Record<string, string> = { createPage: 'name', createNewsletter: 'name' };

/**
 * A string field of free text: a lone surrogate after the marker is refused for itself alone. (The
 * contract's text patterns ask for a letter, a character that is not white space, or no control
 * characters, which a marker followed by a lone surrogate satisfies; an address or a colour does not.)
 */
function isPlainString(field: InputField): boolean {
  const c = field.constrained;
  const shaped = typeof c.pattern === 'string' && !new RegExp(c.pattern, 'u').test(withLoneSurrogates('conformance ', undefined));
  return field.in === 'body' && field.types.includes('string') && c.format === undefined && c.enum === undefined && !shaped;
}

/** The control character a free-text field refuses (its pattern says which), or undefined for other fields. */
function controlCharacterOf(field: InputField): '\n' | '\u0000' | undefined {
  if (!isPlainString(field) || typeof field.constrained.pattern !== 'string') return undefined;
  return refusedControlCharacter(new RegExp(field.constrained.pattern, 'u'));
}

/** The value a spelled number stands for: the parameter's default, else its minimum, else 1. */
function plainValue(field: InputField): number {
  const c = field.constrained;
  return typeof field.schema.default === 'number' ? field.schema.default : typeof c.minimum === 'number' ? Math.max(1, c.minimum) : 1;
}

export function hostileCases(contract: ContractDocument, operation: OperationInfo): GeneratedCase[] {
  const cases: GeneratedCase[] = [];
  const add = (title: string, location: string, expect: Expectation, hostile: HostileInput, check?: CheckName) =>
    cases.push(makeCase({ phase: 'hostile', operationId: operation.operationId, title, location, keywords: [], expect, input: { hostile }, ...(check ? { check } : {}) }));
  const fields = inputFields(contract, operation);

  // The non-finite spellings for every operation, and a share of the others that turns with the
  // operation, so every spelling reaches every kind of parameter across the contract while each
  // operation gets a handful. Spread over its integer parameters: paths first, then queries.
  const integers = fields.filter((field) => field.in !== 'body' && field.types.includes('integer'));
  const spellings = Object.keys(NUMBER_SPELLINGS) as NumberSpelling[];
  const nonFinite = spellings.filter((spelling) => !NUMBER_SPELLINGS[spelling].canonicalOnly);
  const others = spellings.filter((spelling) => NUMBER_SPELLINGS[spelling].canonicalOnly);
  const turn = contract.operations.findIndex((candidate) => candidate.operationId === operation.operationId) * NON_CANONICAL_PER_OPERATION;
  const chosen = [...nonFinite, ...Array.from({ length: Math.min(NON_CANONICAL_PER_OPERATION, others.length) }, (_, index) => others[(turn + index) % others.length]!)];
  chosen.forEach((spelling, index) => {
    const field = integers[index % Math.max(1, integers.length)];
    if (!field) return;
    const value = field.in === 'path' ? undefined : plainValue(field);
    const hostile: HostileInput = { kind: 'number', in: field.in as 'path' | 'query', name: field.name, spelling: spelling as NumberSpelling, ...(value === undefined ? {} : { value }) };
    const way = NUMBER_SPELLINGS[spelling as NumberSpelling];
    // The title shows the value sent: known here for a query parameter; a path id is the one the run made.
    const sent = !way.canonicalOnly ? '' : value === undefined ? ' (the id the run made, spelled so)' : ` (${JSON.stringify(way.spell(Number(value)))})`;
    add(`${field.location} ${way.title}${sent}`, field.location, { kind: 'reject', status: 422 }, hostile);
  });

  if (operation.method === 'GET') add('HEAD answers like GET, without a body', 'method', { kind: 'accept' }, { kind: 'head' }, 'status_code_conformance');

  const media = jsonMedia(operation);
  if (media) {
    const strings = fields.filter(isPlainString);
    for (const field of strings) add(`${field.location} with a lone surrogate ("\\ud800")`, field.location, { kind: 'reject', status: 422 }, { kind: 'lone-surrogate', field: field.name });
    for (const field of strings) {
      const character = controlCharacterOf(field);
      const named = character === '\n' ? 'a line feed (one-line text)' : 'NUL';
      if (character) add(`${field.location} with a control character, ${named}`, field.location, { kind: 'reject', status: 422 }, { kind: 'control-character', field: field.name, character });
    }
    const longest = strings.find((field) => typeof field.constrained.maxLength === 'number' && field.constrained.maxLength <= 1000);
    if (longest) {
      const fill = longest.constrained.maxLength as number;
      add(`${longest.location} filled to its maxLength ${fill} with lone surrogates`, longest.location, { kind: 'reject', status: 422 }, { kind: 'lone-surrogate', field: longest.name, fill });
    }
    // Any string of the body will do: the bytes are refused before the JSON is even parsed.
    const stringField = strings[0] ?? fields.find((field) => field.in === 'body' && field.types.includes('string'));
    if (stringField) add(`bytes that are not UTF-8 in ${stringField.location}`, 'body', { kind: 'reject', status: 400 }, { kind: 'invalid-utf8', field: stringField.name });
    add('the JSON body in UTF-16LE, declared charset=utf-16le', 'content-type', { kind: 'reject', status: 415 }, { kind: 'charset', charset: 'utf-16le' });
    add('Content-Encoding: gzip with a body that is not gzip', 'content-encoding', { kind: 'reject', status: 400 }, { kind: 'encoding', encoding: 'gzip' });
    add('Content-Encoding: deflate with a body that is not deflate', 'content-encoding', { kind: 'reject', status: 400 }, { kind: 'encoding', encoding: 'deflate' });
    add('Content-Encoding: x-unknown, an encoding no server supports', 'content-encoding', { kind: 'reject', status: 415 }, { kind: 'encoding', encoding: 'x-unknown' });
    add(`${UNKNOWN_KEYS.toLocaleString('en')} unknown keys, answered with a bounded list of errors`, 'body', { kind: 'reject', status: 422 }, { kind: 'unknown-keys', count: UNKNOWN_KEYS });
    const nested = strings[0] ?? fields.find((field) => field.in === 'body');
    // A parser that refuses deep JSON before the schema sees it may say 400; a schema check says 422.
    if (nested) add(`${nested.location} holding arrays nested ${NESTING_DEPTH.toLocaleString('en')} levels`, nested.location, { kind: 'reject', status: 422, also: [400] }, { kind: 'deep-nesting', field: nested.name, depth: NESTING_DEPTH });
    add(`a declared Content-Length over 1 MiB, the body stalling after ${STALLED_AFTER_BYTES / 1024} KiB`, 'content-length', { kind: 'reject', status: 413 }, { kind: 'stalled-oversize', declared: JSON_LIMIT + 1024 * 1024, sent: STALLED_AFTER_BYTES });
    const nameField = CASE_INSENSITIVE_NAMES[operation.operationId];
    if (nameField) add(`a ${nameField} that differs from one already used only in a non-ASCII letter's case (Ä, ä)`, `body.${nameField}`, { kind: 'reject', status: 409 }, { kind: 'unicode-case', field: nameField }, 'conflict_detection');
    if (operation.operationId === 'createPage') add("the page's domain is the same whether or not another workspace has a page of that name", 'body.name', { kind: 'accept' }, { kind: 'domain-signal' }, 'workspace_isolation');
    // Last: on a server that renders without bounds, these are the requests that stall or crash it.
    for (const field of fields.filter((candidate) => candidate.in === 'body' && candidate.name === 'content_md')) {
      for (const shape of Object.keys(MARKDOWN_SHAPES) as MarkdownShape[]) {
        add(`${field.location} ${MARKDOWN_SHAPES[shape].title}: rendered or refused, promptly`, field.location, { kind: 'accept_or_reject', status: 422 }, { kind: 'markdown', field: field.name, shape }, 'stays_responsive');
      }
    }
  }

  if (!media && !takesUpload(operation)) {
    // An operation that takes no body still answers a declared length over the limit at once (the
    // contract's 413 is declared on every operation): the same stalled request, with nothing it would read.
    add(`a declared Content-Length over 1 MiB on an operation that takes no body, the body stalling after ${STALLED_AFTER_BYTES / 1024} KiB`, 'content-length', { kind: 'reject', status: 413 }, { kind: 'stalled-oversize', declared: JSON_LIMIT + 1024 * 1024, sent: STALLED_AFTER_BYTES });
  }

  if (takesUpload(operation)) {
    for (const subtype of ['mixed', 'related'] as const) {
      add(`the upload as multipart/${subtype}`, 'content-type', { kind: 'reject', status: 415 }, { kind: 'multipart-subtype', subtype });
    }
    add(`a declared Content-Length over 10 MiB, the body stalling after ${STALLED_AFTER_BYTES / 1024} KiB`, 'content-length', { kind: 'reject', status: 413 }, { kind: 'stalled-oversize', declared: IMAGE_LIMIT + 1024 * 1024, sent: STALLED_AFTER_BYTES });
  }
  return cases;
}
