/**
 * The rule catalogue of the contract: every normative statement, with a stable id and one sentence, kept
 * in the OpenAPI document next to what it governs as an `x-rules` list (on `info` for the rules that apply
 * everywhere, on an operation, or on a component schema):
 *
 *   x-rules:
 *     - id: lists.default-size
 *       rule: Without `page` and `size` a list answers page 1 with at most 10 items.
 *     - id: errors.no-internals
 *       rule: Error bodies never contain stack traces, SQL or file paths.
 *       checkable: false
 *       reason: An absence cannot be proven from outside ...
 *
 * A rule that cannot be verified from outside (black-box) says so with `checkable: false` and the reason.
 * The suite reads the catalogue from the document it judges against, so a report always lists the rules
 * of that document; the contract's own tests and the docs page read it the same way. It is the
 * contract's, so it lives with the contract and imports nothing: the suite's package compiles a copy of
 * it in (conformance/build.mjs), and the server never needs it.
 */
// The document is walked generically; its shape is checked by the contract's own tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

/** The keys of an OpenAPI path item that hold an operation. */
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface ContractRule {
  id: string;
  rule: string;
  /** Where the rule is written: `info`, an operationId, or `schema Email`. */
  where: string;
  /** JSON pointer of the object whose `x-rules` holds it. */
  pointer: string;
  /** Why no black-box check can verify it; present exactly when the rule is not checkable. */
  notCheckable?: string;
}

/** A rule id: dotted, lowercase words with hyphens, at least two parts (`errors.problem-details`). */
export const RULE_ID_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$/;

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every `x-rules` list of the document with where it stands, in document order. */
export function ruleLists(document: Node): { where: string; pointer: string; target: Node; list: unknown }[] {
  const found: { where: string; pointer: string; target: Node; list: unknown }[] = [];
  if (document?.info?.['x-rules'] !== undefined) found.push({ where: 'info', pointer: '/info', target: document.info, list: document.info['x-rules'] });
  for (const [path, item] of Object.entries<Node>(document?.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (operation?.['x-rules'] === undefined) continue;
      found.push({
        where: operation.operationId ?? `${method.toUpperCase()} ${path}`,
        pointer: `/paths/${escapePointer(path)}/${method}`,
        target: operation,
        list: operation['x-rules'],
      });
    }
  }
  for (const [name, schema] of Object.entries<Node>(document?.components?.schemas ?? {})) {
    if (schema?.['x-rules'] === undefined) continue;
    found.push({ where: `schema ${name}`, pointer: `/components/schemas/${escapePointer(name)}`, target: schema, list: schema['x-rules'] });
  }
  return found;
}

/**
 * What is wrong with the catalogue: an entry without an id or a sentence, a malformed or repeated id, a
 * rule marked not checkable without a reason (or a reason on a checkable rule). Empty when it is sound.
 */
export function catalogueProblems(document: Node): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const { where, list } of ruleLists(document)) {
    if (!Array.isArray(list)) {
      problems.push(`${where}: x-rules is not a list`);
      continue;
    }
    list.forEach((entry: Node, index: number) => {
      const label = `${where} x-rules[${index}]`;
      if (typeof entry !== 'object' || entry === null) return problems.push(`${label}: not an object`);
      const unknown = Object.keys(entry).filter((key) => !['id', 'rule', 'checkable', 'reason'].includes(key));
      if (unknown.length) problems.push(`${label}: unknown keys ${unknown.join(', ')}`);
      if (typeof entry.id !== 'string' || entry.id === '') problems.push(`${label}: no id`);
      else if (!RULE_ID_PATTERN.test(entry.id)) problems.push(`${label}: id "${entry.id}" is not dotted lowercase words (area.rule-name)`);
      else if (seen.has(entry.id)) problems.push(`${label}: id "${entry.id}" is already used in ${seen.get(entry.id)}`);
      else seen.set(entry.id, where);
      if (typeof entry.rule !== 'string' || !/^\S[\s\S]*[.)]$/.test(entry.rule.trim())) problems.push(`${label} (${entry.id}): the rule is not a sentence ending with a full stop`);
      if (entry.checkable !== undefined && entry.checkable !== false) problems.push(`${label} (${entry.id}): checkable may only be false`);
      if (entry.checkable === false && (typeof entry.reason !== 'string' || entry.reason.trim() === '')) problems.push(`${label} (${entry.id}): not checkable, but no reason`);
      if (entry.checkable !== false && entry.reason !== undefined) problems.push(`${label} (${entry.id}): a reason belongs only to a rule marked checkable: false`);
    });
  }
  return problems;
}

/** The rules of the document, in document order (entries that are not sound are left out). */
export function contractRules(document: Node): ContractRule[] {
  const rules: ContractRule[] = [];
  const seen = new Set<string>();
  for (const { where, pointer, list } of ruleLists(document)) {
    if (!Array.isArray(list)) continue;
    for (const entry of list as Node[]) {
      if (typeof entry?.id !== 'string' || typeof entry.rule !== 'string' || seen.has(entry.id)) continue;
      seen.add(entry.id);
      const rule: ContractRule = { id: entry.id, rule: entry.rule.trim(), where, pointer };
      if (entry.checkable === false) rule.notCheckable = String(entry.reason ?? '').trim();
      rules.push(rule);
    }
  }
  return rules;
}

/** The rules as Markdown, for a description: a reviewer reads them on the docs page next to what they govern. */
export function rulesAsMarkdown(rules: { id: string; rule: string; notCheckable?: string }[]): string {
  const lines = rules.map((rule) => {
    const note = rule.notCheckable ? ` *(not checkable from outside: ${rule.notCheckable})*` : '';
    return `- \`${rule.id}\`: ${rule.rule}${note}`;
  });
  return lines.join('\n');
}
