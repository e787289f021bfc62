/**
 * Finds the breaking changes between a released contract and the current one: a removed operation
 * or renamed operationId, a removed or renamed parameter, a removed response field or enum value, a
 * newly required request field or parameter, a removed rule of the catalogue (`x-rules`: a rule's id is
 * its promise, wherever the rule moves). Additions are never reported.
 */
import { contractRules } from '../rules.ts';
import { HTTP_METHODS, resolveIn, type Node } from './document.ts';

export function breakingChanges(released: Node, current: Node): string[] {
  const before = resolveIn(released);
  const after = resolveIn(current);
  const problems: string[] = [];

  /** Walks two schemas side by side; `direction` says which changes break clients. */
  function compareSchemas(a: Node, b: Node, where: string, direction: 'request' | 'response', seen = new Set<Node>()): void {
    const old = before(a);
    const now = after(b);
    if (!old || !now || seen.has(old)) return;
    seen.add(old);
    if (direction === 'response') {
      for (const name of Object.keys(old.properties ?? {})) {
        if (!(name in (now.properties ?? {}))) problems.push(`${where}: response field "${name}" removed`);
      }
      for (const value of old.enum ?? []) {
        if (!(now.enum ?? []).includes(value)) problems.push(`${where}: enum value ${JSON.stringify(value)} removed`);
      }
    } else {
      for (const name of now.required ?? []) {
        if (!(old.required ?? []).includes(name)) problems.push(`${where}: request field "${name}" is newly required`);
      }
      for (const value of old.enum ?? []) {
        if (now.enum && !now.enum.includes(value)) problems.push(`${where}: accepted value ${JSON.stringify(value)} removed`);
      }
    }
    for (const [name, property] of Object.entries<Node>(old.properties ?? {})) {
      if (now.properties?.[name]) compareSchemas(property, now.properties[name], `${where}.${name}`, direction, seen);
    }
    if (old.items && now.items) compareSchemas(old.items, now.items, `${where}[]`, direction, seen);
    (old.allOf ?? []).forEach((part: Node, i: number) => now.allOf?.[i] && compareSchemas(part, now.allOf[i], where, direction, seen));
  }

  for (const [path, item] of Object.entries<Node>(released.paths)) {
    for (const method of HTTP_METHODS.filter((m) => before(item)[m])) {
      const old = before(item)[method];
      const label = `${method.toUpperCase()} ${path}`;
      const now = after(current.paths[path])?.[method];
      if (!now) {
        problems.push(`${label}: operation ${old.operationId} removed`);
        continue;
      }
      if (now.operationId !== old.operationId) problems.push(`${label}: operationId ${old.operationId} renamed to ${now.operationId}`);
      const oldParams = (old.parameters ?? []).map(before);
      const newParams = (now.parameters ?? []).map(after);
      for (const param of oldParams) {
        const match = newParams.find((p: Node) => p.name === param.name && p.in === param.in);
        if (!match) problems.push(`${label}: parameter ${param.in}.${param.name} removed or renamed`);
        else if (match.schema && param.schema) compareSchemas(param.schema, match.schema, `${label} ${param.in}.${param.name}`, 'request');
      }
      for (const param of newParams.filter((p: Node) => p.required)) {
        if (!oldParams.some((p: Node) => p.name === param.name && p.in === param.in && p.required)) {
          problems.push(`${label}: parameter ${param.in}.${param.name} is newly required`);
        }
      }
      const oldBody = before(old.requestBody)?.content ?? {};
      const newBody = after(now.requestBody)?.content ?? {};
      for (const [type, media] of Object.entries<Node>(oldBody)) {
        if (!newBody[type]) problems.push(`${label}: request body type ${type} removed`);
        else compareSchemas(media.schema, newBody[type].schema, `${label} body`, 'request');
      }
      for (const [status, response] of Object.entries<Node>(old.responses)) {
        if (!status.startsWith('2')) continue;
        const next = after(now.responses[status]);
        if (!next) {
          problems.push(`${label}: success status ${status} removed`);
          continue;
        }
        for (const [type, media] of Object.entries<Node>(before(response).content ?? {})) {
          if (next.content?.[type]) compareSchemas(media.schema, next.content[type].schema, `${label} ${status}`, 'response');
          else problems.push(`${label}: ${status} ${type} removed`);
        }
      }
    }
  }
  const kept = new Set(contractRules(current).map((rule) => rule.id));
  for (const rule of contractRules(released)) {
    if (!kept.has(rule.id)) problems.push(`rule ${rule.id} (${rule.where}) removed`);
  }
  return problems;
}
