/**
 * Phase 2, boundaries: for every constrained input of an operation, the values on both sides of each
 * limit the contract states. Inside a limit the request must be accepted; just outside it, refused with
 * 422. A string's maxLength counts the white space around the value (a space at each end, where its
 * pattern allows one there: accepted at the limit, refused one past it); it is also sent in characters
 * outside the Basic Multilingual Plane (two UTF-16 code units each), where its pattern allows them, and
 * Markdown at the limits its description states (markdown-limits.ts). Every enum value, both booleans and `null` where allowed are sent once each, whatever
 * `--max-examples` says: these are finite and each can hide its own bug.
 */
import type { ContractDocument, OperationInfo } from '../contract/document.ts';
import { astralStringOfLength, oneLonger, spacedStringOfLength, stringOfLength } from './boundary-values.ts';
import { inputFields, type CoveredKeyword, type InputField } from './fields.ts';
import { markdownBoundaries, markdownPastLimits } from './markdown-limits.ts';
import { oneCharacterValue } from './short-values.ts';
import { makeCase, type CaseInput, type GeneratedCase } from './model.ts';

/** JSON for the body, raw text for a parameter. */
function inputWith(field: InputField, value: unknown, baseBody: Record<string, unknown> | undefined): CaseInput {
  if (field.in === 'body') return { body: { ...baseBody, [field.name]: value } };
  // Everything else about the request stays valid, body included, so only this parameter is wrong.
  const text = String(value);
  const rest = baseBody ? { body: baseBody } : {};
  return field.in === 'query' ? { ...rest, query: { [field.name]: text } } : { ...rest, path: { [field.name]: text } };
}

export function boundaryCases(contract: ContractDocument, operation: OperationInfo, baseBody: Record<string, unknown> | undefined, seed: number): GeneratedCase[] {
  const cases: GeneratedCase[] = [];
  const fields = inputFields(contract, operation);
  // Markdown is rendered only where no HTML is given beside it (requests.html-over-markdown).
  const takesHtml = fields.some((field) => field.in === 'body' && field.name === 'content_html');
  for (const field of fields) {
    const c = field.constrained;
    const add = (title: string, keyword: CoveredKeyword | undefined, value: unknown, accept: boolean, beside: { rule?: string; body?: Record<string, unknown> } = {}) => {
      // A path id must name a real resource, so only values outside the id's range can be sent there.
      if (accept && (field.in === 'path' || field.reference)) return;
      cases.push(
        makeCase({
          phase: 'boundaries',
          operationId: operation.operationId,
          title: `${field.location} ${title}`,
          location: field.location,
          keywords: keyword ? [keyword] : [],
          expect: accept ? { kind: 'accept' } : { kind: 'reject', status: 422 },
          input: inputWith(field, value, beside.body ? { ...baseBody, ...beside.body } : baseBody),
          // A refusal by a rule beside the schema needs a target that reads the input (the mock answers its examples).
          ...(beside.rule ? { rule: beside.rule, needs: ['input_reflection' as const] } : {}),
        }),
      );
    };

    if (field.types.includes('integer') || field.types.includes('number')) {
      if (typeof c.minimum === 'number') {
        add(`at its minimum ${c.minimum}`, 'minimum', c.minimum, true);
        add(`just below its minimum (${c.minimum - 1})`, 'minimum', c.minimum - 1, false);
      }
      if (typeof c.maximum === 'number') {
        add(`at its maximum ${c.maximum}`, 'maximum', c.maximum, true);
        add(`just above its maximum (${c.maximum + 1})`, 'maximum', c.maximum + 1, false);
      }
    }
    if (field.types.includes('string') && c.format === undefined && !Array.isArray(c.enum)) {
      const min: number = c.minLength ?? 0;
      // One character: one of its own for the run (short-values.ts), so no other case has taken it already.
      const shortest = oneCharacterValue(contract, operation.operationId, field, seed) ?? stringOfLength(c, min, seed);
      if (shortest !== undefined) add(min === 0 ? 'empty' : `at its minLength ${min}`, 'minLength', shortest, true);
      if (min > 0) add(`one character under its minLength ${min}`, 'minLength', min === 1 ? '' : 'a'.repeat(min - 1), false);
      if (typeof c.maxLength === 'number') {
        const longest = stringOfLength(c, c.maxLength, seed);
        // maxLength counts the whole string as sent (requests.schema-validation), white space around it
        // included where the pattern lets it be there, even where the server trims it before it keeps
        // the value (an address): at the limit with a space at each end it is accepted, so the value
        // at the limit is sent that way where it can be (no request added).
        const spacedLongest = spacedStringOfLength(c, c.maxLength, seed);
        if (longest !== undefined) {
          add(spacedLongest === undefined ? `at its maxLength ${c.maxLength}` : `at its maxLength ${c.maxLength}, a space at each end counted`, 'maxLength', spacedLongest ?? longest, true);
          add(`one character over its maxLength ${c.maxLength}`, 'maxLength', oneLonger(c, longest), false);
        }
        // ...and one past the limit only because of them is a 422 naming the field, never trimmed to fit.
        const spacedOver = spacedStringOfLength(c, c.maxLength + 1, seed);
        if (spacedOver !== undefined) add(`one character over its maxLength ${c.maxLength} with a space at each end counted`, 'maxLength', spacedOver, false);
        // maxLength counts characters, not UTF-16 code units: at the limit in characters that take two.
        const astral = astralStringOfLength(c, c.maxLength);
        if (astral !== undefined) add(`at its maxLength ${c.maxLength} in characters outside the Basic Multilingual Plane`, 'maxLength', astral, true);
      }
      // The limits stated of Markdown beside its schema (its nesting, the length of its HTML), at their
      // bound: accepted, as requests.valid-input-accepted says of boundary values (markdown-limits.ts).
      for (const boundary of markdownBoundaries(field)) add(`of Markdown ${boundary.what}`, undefined, boundary.markdown, true);
      // And one past each: a 422 naming the field (markdown.limits: "deeper Markdown, Markdown that would
      // render to more ... is a `422`"), its HTML beside it null where the body takes one, so it is rendered.
      const rendered = takesHtml ? { content_html: null } : undefined;
      for (const past of markdownPastLimits(field)) add(`of Markdown ${past.what}`, undefined, past.markdown, false, { rule: 'markdown.limits', ...(rendered ? { body: rendered } : {}) });
    }
    if (Array.isArray(c.enum)) {
      for (const value of c.enum.filter((item: unknown) => item !== null)) add(`= ${JSON.stringify(value)} (enum value)`, 'enum', value, true);
      add('outside its enum', 'enum', 'conformance-not-a-value', false);
    }
    if (field.types.includes('boolean')) {
      add('= true', 'type', true, true);
      add('= false', 'type', false, true);
    }
    if (field.nullable && field.in === 'body') add('= null (nullable)', 'nullable', null, true);
  }
  return cases;
}
