/**
 * The real side of a model run: sends each command's request to the target with the token of its
 * workspace, keeps the run's exchanges for the failure's script, and compares each answer with the
 * model's prediction, field by field.
 */
import type { Exchange } from '../http/exchange.ts';
import type { SampleFile } from '../suite/images.ts';
import type { ModelRule } from './rules.ts';
import type { Json, Workspace } from './state.ts';

export interface Answer {
  status: number | undefined;
  json: unknown;
  exchange: Exchange;
}

export interface Request {
  operationId: string;
  workspace: Workspace;
  ids: Record<string, number>;
  body?: Record<string, unknown>;
  query?: Record<string, string | number>;
  /** Sent as `HEAD` instead of `GET`: the status `GET` would answer, and no body (http.head). */
  head?: boolean;
  /** An upload's one file part, sent as multipart instead of a JSON body; `mixed` declares it `multipart/mixed`. */
  upload?: { file: SampleFile; mixed: boolean };
}

/** What a public URL served (no operation of the contract): its status, media type and bytes exactly. */
export interface Served {
  status: number | undefined;
  /** The media type of `Content-Type`, lowercased, without parameters ('' when none). */
  type: string;
  bytes: Buffer;
  exchange: Exchange;
}

/** What the model expects of an answer: its status, and the fields the contract determines. */
export interface Prediction {
  status: number;
  /** Fields whose value the model knows (a missing field is left open). */
  fields?: Record<string, unknown>;
  /** For a list: the ids it must hold, in order, and its total; `gone`, ids the run deleted from its parent. */
  list?: { ids: number[]; total: number; gone?: number[] };
  /** A read that must repeat a resource's last answer exactly. */
  same?: Json;
  /** The contract rules that decide this answer (model/rules.ts): a mismatch is charged to them. */
  rules: readonly ModelRule[];
  /** For a field another rule decides: that rule, instead of `rules`. */
  fieldRules?: Record<string, readonly ModelRule[]>;
}

export class ModelMismatch extends Error {
  /**
   * `rules`: the contract rules the differing fields stand for. `operation`: the operation the failure
   * belongs to when its exchange is no operation's (a read of an image's public URL: the upload's).
   */
  constructor(readonly step: string, readonly rows: Array<[string, string, string]>, readonly exchange: Exchange, readonly rules?: readonly string[], readonly operation?: string) {
    super(`${step}\n${table(rows)}`);
  }
}

/**
 * The rules a list's differing ids break, as far as the difference tells: the same items in another
 * order break only the order; an item the run deleted, only resources.gone-after-delete; anything else
 * missing or extra (another workspace's, another parent's, outside the filter, dropped) every rule of
 * the list. A total that differs cannot come from the order.
 */
export function listRowRules(field: string, list: NonNullable<Prediction['list']>, listed: number[], rules: readonly ModelRule[]): readonly ModelRule[] {
  if (field === 'total') return rules.filter((rule) => rule !== 'lists.newest-first');
  const predicted = new Set(list.ids);
  const extra = listed.filter((id) => !predicted.has(id));
  const missing = list.ids.filter((id) => !listed.includes(id));
  if (extra.length === 0 && missing.length === 0 && listed.length === list.ids.length) return ['lists.newest-first'];
  const gone = new Set(list.gone ?? []);
  if (missing.length === 0 && extra.every((id) => gone.has(id))) return ['resources.gone-after-delete'];
  return rules;
}

/** The rules the differing rows of a prediction break: each row's own (its field's, else the prediction's). */
function rulesOfRows(prediction: Prediction, rows: Array<[string, string, string]>, listed: number[]): string[] {
  const rules = new Set<string>();
  for (const [field] of rows) {
    const own = (field !== 'status' && prediction.fieldRules?.[field]) || prediction.rules;
    const ofRow = prediction.list && (field === 'result (ids)' || field === 'total') ? listRowRules(field, prediction.list, listed, own) : own;
    for (const rule of ofRow) rules.add(rule);
  }
  return [...rules];
}

function table(rows: Array<[string, string, string]>): string {
  const all: Array<[string, string, string]> = [['', 'predicted', 'answered'], ...rows];
  const widths = [0, 1].map((column) => Math.min(60, Math.max(...all.map((row) => row[column]!.length))));
  return all.map(([field, predicted, answered]) => `    ${field.padEnd(widths[0]!)}  ${predicted.padEnd(widths[1]!)}  ${answered}`).join('\n');
}

const show = (value: unknown) => (value === undefined ? '(absent)' : JSON.stringify(value).slice(0, 120));

export interface World {
  send(request: Request): Promise<Answer>;
  /** A `GET` (or `HEAD`) of an absolute URL without any `Authorization`, as a browser fetches an image. */
  fetchPublic(url: string, head: boolean): Promise<Served>;
  /** Names of this run: unique per run, so a run's resources are all its own. */
  names: { pages: string[]; newsletters: string[]; subjects: string[]; titles: string[]; categories: string[]; addresses: string[]; people: string[] };
  /** Which authors the run may change, and how it keeps other test files off one while it uses it. */
  authors: AuthorAccess;
  workspaces: Workspace[];
  stats: { predicted: number; unpredicted: Map<string, number>; operations: Set<string> };
  /** One line per step of the run: what was sent and what came back. */
  steps: string[];
  exchanges: Exchange[];
}

export interface AuthorAccess {
  /** Whether the run may update this author (--disposable-target: any; otherwise only the one --fixtures names). */
  writable(workspace: Workspace, id: number): boolean;
  /**
   * Whether other test files change this author too (the one the suite shares): its fields are then
   * learned afresh before each use, and `hold` keeps them off it meanwhile.
   */
  shared(workspace: Workspace, id: number): boolean;
  /**
   * Runs `work` holding the locks of these authors of the workspace that other test files use (the
   * other workspace's authors share one lock, taken even for no id: a read that learns them).
   */
  hold<T>(workspace: Workspace, ids: readonly number[], work: () => Promise<T>): Promise<T>;
}

export function notePredictionOpen(world: World, why: string): void {
  world.stats.unpredicted.set(why, (world.stats.unpredicted.get(why) ?? 0) + 1);
}

/** Compares an answer with the prediction; a difference ends the run with both side by side. */
export function judge(world: World, step: string, prediction: Prediction, answer: Answer): void {
  world.stats.predicted++;
  world.steps.push(`${step} → ${answer.status ?? 'no answer'}`);
  const rows: Array<[string, string, string]> = [];
  let listed: number[] = [];
  if (answer.status !== prediction.status) rows.push(['status', String(prediction.status), String(answer.status ?? `nothing (${answer.exchange.error})`)]);
  else if (prediction.status < 300) {
    const body = (answer.json ?? {}) as Record<string, unknown>;
    for (const [field, value] of Object.entries(prediction.fields ?? {})) {
      if (JSON.stringify(body[field]) !== JSON.stringify(value)) rows.push([field, show(value), show(body[field])]);
    }
    if (prediction.same) {
      for (const field of new Set([...Object.keys(prediction.same), ...Object.keys(body)])) {
        if (JSON.stringify(body[field]) !== JSON.stringify(prediction.same[field])) rows.push([field, show(prediction.same[field]), show(body[field])]);
      }
    }
    if (prediction.list) {
      listed = ((body.result ?? []) as Json[]).map((item) => item.id);
      if (JSON.stringify(listed) !== JSON.stringify(prediction.list.ids)) rows.push(['result (ids)', show(prediction.list.ids), show(listed)]);
      if (body.total !== prediction.list.total) rows.push(['total', String(prediction.list.total), show(body.total)]);
    }
  }
  if (rows.length > 0) throw new ModelMismatch(step, rows, answer.exchange, rulesOfRows(prediction, rows, listed));
}
