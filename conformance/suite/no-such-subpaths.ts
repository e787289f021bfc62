/**
 * The paths one segment below a path of the contract that no operation has (errors.no-such-path: "A path
 * no operation has is answered `404` with a problem document of type `not-found`, to `GET` and `HEAD`
 * alike"): a router that takes a trailing segment as optional (`/pages/:id{/:view}`, for preview links)
 * or reads a path by its prefix answers them with the resource above. The segments: one no path has,
 * and each segment the contract puts after a resource's id somewhere (`posts`, `categories`, `emails`,
 * `subscribers`, `send`) where this path has no such child: another kind's children, an action of
 * another kind (`/send` under a post), the next step that does not exist.
 *
 * Judged at the level of templates: a candidate that some template matches (`/pages/posts` is getPage's
 * path with an id that is not one, a 422; `/newsletters/{id}/emails/{id}/send` is a path without GET,
 * a 405) is not a path no operation has, and is left out.
 */
import type { ContractDocument } from '../contract/document.ts';

const isParameter = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);
const segmentsOf = (template: string): string[] => template.split('/').filter(Boolean);

/** Every literal segment the contract puts right after a path parameter: the children and actions of a resource. */
export function childSegments(contract: ContractDocument): string[] {
  const children = new Set<string>();
  for (const operation of contract.operations) {
    const segments = segmentsOf(operation.path);
    segments.forEach((segment, index) => {
      if (index > 0 && !isParameter(segment) && isParameter(segments[index - 1]!)) children.add(segment);
    });
  }
  return [...children].sort();
}

/** Whether some path of the contract matches `segments`, where a segment of `{name}` stands for a real id (never a literal). */
function matchesSomePath(contract: ContractDocument, segments: string[]): boolean {
  return contract.operations.some((operation) => {
    const template = segmentsOf(operation.path);
    return template.length === segments.length && template.every((part, index) => isParameter(part) || (!isParameter(segments[index]!) && part === segments[index]));
  });
}

/**
 * The segments that make a path no operation has when put below `template`: `unknown`, then, below a
 * resource (a path that ends in its id), the contract's child segments it lacks. Below a path that ends
 * in a word (an action, `/send`; an upload), only `unknown`: children belong to resources.
 */
export function missingSubpathSegments(contract: ContractDocument, template: string, unknown: string): string[] {
  const segments = segmentsOf(template);
  const candidates = isParameter(segments.at(-1) ?? '') ? [unknown, ...childSegments(contract)] : [unknown];
  return candidates.filter((segment) => !matchesSomePath(contract, [...segments, segment]));
}
