/**
 * The state changes a write under a page or newsletter offers beyond the one writes-named-only.test.ts
 * makes, each a write of one sibling in the household (resources.write-named-only: "A create, update or
 * send writes only the resource it names", and auth.workspace-scope for the twin): read from the
 * contract, so every enum an update takes and every time an action takes is sent, not a list of known
 * transitions.
 *
 * - An update (a `PATCH` of a child): each value of each enum field of its body, sent alone to the
 *   first child but the one the main write names that reads another value (a published post sent
 *   `status: draft`: unpublished). A value no such child reads is left to the main write.
 * - An action (a `POST` on a child, a send) whose body takes a time: for each state the children but
 *   the main write's hold, the first child in it sent every date-time field of the body at a future
 *   time, a different one each (a draft scheduled, a scheduled email's time replaced); the main write
 *   sends without one.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { twoDaysAhead, type Household, type HouseholdView, type Json, type WriteLeeway } from './households.ts';

const { contract } = suiteContext();

/** One write of a sibling: where, with what, what it may change, and how the failures name it. */
export interface Transition {
  ids: Record<string, number>;
  body: Json;
  leeway: WriteLeeway;
  what: string;
}

/** The properties of an operation's body schema, each resolved. */
function bodyProperties(operation: OperationInfo): [string, Json][] {
  const media = jsonMedia(operation);
  if (!media) return [];
  const schema = contract.resolve(media.schema, media.schemaPointer);
  const properties = (schema.node?.properties ?? {}) as Record<string, unknown>;
  return Object.entries(properties).map(([field, raw]) => [field, (contract.resolve(raw, `${schema.pointer}/properties/${field}`).node ?? {}) as Json]);
}

/** The children of the written kind as the view lists them, by id. */
function listedChildren(operation: OperationInfo, view: HouseholdView): Map<number, Json> {
  const listPath = operation.path.slice(0, operation.path.lastIndexOf('/{id}'));
  const list = [...view.lists].find(([read]) => read.path === listPath)?.[1].items ?? [];
  return new Map(list.map((item) => [item.id as number, item as Json]));
}

/** A future time `steps` hours past twoDaysAhead, so each step sends a time of its own. */
const laterBy = (steps: number) => new Date(Date.parse(twoDaysAhead()) + (steps + 24) * 3_600_000).toISOString();

/** The further state changes of `operation` in a household just read (`view`), in the order they are made. */
export function furtherTransitions(operation: OperationInfo, household: Household, view: HouseholdView): Transition[] {
  const segments = operation.path.split('/');
  const idAt = segments.lastIndexOf('{id}');
  const kind = segments[idAt - 1];
  const children = kind ? household.children[kind] : undefined;
  if (idAt < 2 || !kind || !children || children.length < 2) return [];
  const main = children[1]!;
  const listed = listedChildren(operation, view);
  const siblings = children.filter((id) => id !== main && listed.has(id));
  const ids = (id: number) => ({ ...household.parentIds, id });
  const leeway = (id: number): WriteLeeway => ({ kind, written: id });
  if (operation.method === 'PATCH' && idAt === segments.length - 1) {
    return bodyProperties(operation).flatMap(([field, schema]) =>
      ((schema.enum as unknown[] | undefined) ?? []).flatMap((value) => {
        const id = siblings.find((candidate) => field in listed.get(candidate)! && listed.get(candidate)![field] !== value);
        return id === undefined ? [] : [{ ids: ids(id), body: { [field]: value }, leeway: leeway(id), what: `${kind} ${id} (${field} ${JSON.stringify(listed.get(id)![field])}) sent ${field} ${JSON.stringify(value)}` }];
      }),
    );
  }
  if (operation.method === 'POST' && idAt < segments.length - 1) {
    const times = bodyProperties(operation).filter(([, schema]) => schema.format === 'date-time').map(([field]) => field);
    if (times.length === 0) return [];
    const states = [...new Set(siblings.map((id) => listed.get(id)!.status))];
    return states.map((state, index) => {
      const id = siblings.find((candidate) => listed.get(candidate)!.status === state)!;
      const body = Object.fromEntries(times.map((field) => [field, laterBy(index)]));
      return { ids: ids(id), body, leeway: leeway(id), what: `${kind} ${id} (${String(state)}) sent ${JSON.stringify(body)}` };
    });
  }
  return [];
}
