/**
 * The model's commands on authors. Authors cannot be created or deleted through the API, so the model
 * learns each workspace's authors once, from its lists of active and of inactive authors, and then
 * predicts what those ids make true: an author is read only in its own workspace (auth.workspace-scope),
 * and a post or email names only an author of its own workspace, active or not
 * (resources.author-of-workspace).
 *
 * Authors the run may change (--disposable-target: any; otherwise the one --fixtures names) are the
 * model's whole: an update changes what it names and nothing else, `{}` nothing at all, `formatted_name`
 * follows the names, the slug stays, `getAuthor` agrees (author.update-kept); the active filter of the
 * list follows `active`; and an author made inactive keeps their emails, which still name them
 * (author.inactive-keeps-work: the email commands predict that, since nothing of an email changes).
 * The authors the suite shares with its other test files change under them too (the run's own; on a
 * disposable target the --token2 workspace's, which the isolation test of listAuthors sets inactive and
 * back): each is read afresh, holding its lock, before each command that predicts it.
 */
import fc from 'fast-check';
import { newestFirst, type Json, type ModelAuthor, type ServiceModel, type Workspace } from './state.ts';
import { allEmails, compareItems, exchange, expectThat, MISSING_REF, OTHER_REF, ws } from './steps.ts';
import { LIST, READ, READ_FIELDS, REACH, type ModelRule } from './rules.ts';
import { judge, type Answer, type Prediction, type World } from './world.ts';
import { MISSING_ID } from '../suite/requests.ts';

type Command = fc.AsyncCommand<ServiceModel, World>;

/** A read of an author repeats its last answer: a change is kept (author.update-kept), nothing else moves it. */
const AUTHOR_READ: readonly ModelRule[] = ['author.update-kept', ...READ];

/** The fields no operation of the API changes: what the model knows of an author others may change. */
const FIXED = ['id', 'email', 'slug', 'avatar', 'created_at'] as const;
const fixedOf = (author: Json) => Object.fromEntries(FIXED.map((field) => [field, author[field]]));

/** Lists the workspace's authors, active and inactive, and remembers them. */
export class LearnAuthors implements Command {
  constructor(readonly workspace: Workspace) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    // The other workspace's authors, which other test files change on a disposable target, are read
    // under their one lock, so that none moves from one list to the other between the two reads (and
    // is missed by both); the run's own shared author has a lock of its own, by id, and is handled below.
    await world.authors.hold(this.workspace, [], () => this.learn(model, world));
  }
  private async learn(model: ServiceModel, world: World) {
    for (const active of [true, false]) {
      const step = `listAuthors ?active=${active}`;
      const answer = await exchange(world, step, { operationId: 'listAuthors', workspace: this.workspace, ids: {}, query: { size: 100, active: String(active) } }, { status: 200, rules: LIST });
      const listed = ((answer.json as { result?: Json[] }).result ?? []) as Json[];
      // A first page that holds fewer items than its size holds the whole list: its total is their count.
      if (listed.length < 100) judge(world, `${step}: its total`, { status: 200, fields: { total: listed.length }, rules: ['lists.envelope-arithmetic'] }, answer);
      for (const author of listed) {
        // The shared author can change lists between the two reads (another test file sets it inactive
        // under its lock): it is one author, known once, whichever list showed it.
        if (model.authors.some((known) => known.workspace === this.workspace && known.id === author.id)) continue;
        const writable = world.authors.writable(this.workspace, author.id);
        model.authors.push({ workspace: this.workspace, id: author.id, ...(writable ? { snapshot: author } : {}) });
      }
    }
  }
  toString = () => `listAuthors ${ws(this.workspace)}`;
}

/**
 * The author a request names for a reference value (see steps.ts): the workspace's own (among those
 * `eligible`), another workspace's, or an id that names no author; `own` says whether it is the workspace's.
 */
export function pickAuthor(model: ServiceModel, workspace: Workspace, ref: number, eligible: (author: ModelAuthor) => boolean = () => true): { id: number; own: boolean; author?: ModelAuthor } {
  const own = model.authors.filter((author) => author.workspace === workspace && eligible(author));
  const others = model.authors.filter((author) => author.workspace !== workspace);
  const other = () => ({ id: others[ref % others.length]!.id, own: false });
  if (ref === MISSING_REF) return { id: MISSING_ID, own: false };
  if (ref >= OTHER_REF && others.length > 0) return other();
  if (own.length > 0) {
    const author = own[ref % own.length]!;
    return { id: author.id, own: true, author };
  }
  return others.length > 0 ? other() : { id: MISSING_ID, own: false };
}

/**
 * An author as it is now, for a command that holds its lock: the model's last answer, or, for the
 * author other test files change too, a read (whose fixed fields are predicted).
 */
async function current(world: World, workspace: Workspace, author: ModelAuthor): Promise<Json> {
  if (!world.authors.shared(workspace, author.id)) return author.snapshot!;
  const answer = await exchange(world, `getAuthor ${author.id} (read afresh: the suite's other tests change it too)`, { operationId: 'getAuthor', workspace, ids: { id: author.id } }, { status: 200, fields: fixedOf(author.snapshot!), rules: AUTHOR_READ });
  author.snapshot = answer.json as Json;
  return author.snapshot;
}

export class GetAuthor implements Command {
  constructor(readonly workspace: Workspace, readonly author: number, readonly head = false) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { id, own, author } = pickAuthor(model, this.workspace, this.author);
    const step = `getAuthor ${id}`;
    const request = { operationId: 'getAuthor', workspace: this.workspace, ids: { id }, head: this.head };
    if (!own) return void (await exchange(world, step, request, { status: 404, rules: [id === MISSING_ID ? 'resources.missing-is-404' : 'auth.workspace-scope'] }));
    if (!author!.snapshot) return void (await exchange(world, step, request, { status: 200, fields: { id }, rules: REACH }));
    if (this.head) return void (await exchange(world, step, request, { status: 200, rules: REACH }));
    if (world.authors.shared(this.workspace, id)) return void (await world.authors.hold(this.workspace, [id], () => current(world, this.workspace, author!)));
    await exchange(world, step, request, { status: 200, same: author!.snapshot, rules: AUTHOR_READ });
  }
  toString = () => `${this.head ? 'HEAD ' : ''}getAuthor ${ws(this.workspace)} author#${this.author}`;
}

/** What an update sends, as indexes into the run's names (null clears a field; absent keeps it). */
export interface AuthorChange {
  first_name?: number;
  last_name?: number | null;
  position?: number | null;
  short_description?: number | null;
  active?: boolean;
}

const POSITIONS = ['Editor', 'Staff writer', 'Guest author'];
// The second begins with an indent and ends with a line break: a description is kept as sent, white space and all.
const DESCRIPTIONS = ['Writes for the conformance suite model.', '  Checks what the model predicts.\nOn two lines.\n'];

function bodyOf(change: AuthorChange, people: string[]): Record<string, unknown> {
  const pick = <T>(list: T[], index: number | null | undefined) => (index === null ? null : list[index! % list.length]);
  const body: Record<string, unknown> = {};
  if (change.first_name !== undefined) body.first_name = pick(people, change.first_name);
  if (change.last_name !== undefined) body.last_name = pick(people, change.last_name);
  if (change.position !== undefined) body.position = pick(POSITIONS, change.position);
  if (change.short_description !== undefined) body.short_description = pick(DESCRIPTIONS, change.short_description);
  if (change.active !== undefined) body.active = change.active;
  return body;
}

/** `formatted_name` follows the names: it shows the first name, and the last name where there is one. */
function followsNames(author: Json): boolean {
  const formatted = String(author.formatted_name);
  return formatted.includes(String(author.first_name)) && (typeof author.last_name !== 'string' || formatted.includes(author.last_name));
}

/**
 * `formatted_name` follows the names (author.update-kept): whatever form the server gives it, one pair
 * of first and last names has one formatted_name. The first answer for a pair is learned; any later one
 * for that pair, whichever author and update it comes from, must repeat it.
 */
function sameFormattedName(model: ServiceModel, author: Json, step: string, answer: Answer): void {
  const names = JSON.stringify([author.first_name, author.last_name ?? null]);
  const learned = model.formattedNames.get(names);
  if (learned === undefined) return void model.formattedNames.set(names, String(author.formatted_name));
  expectThat(author.formatted_name === learned, step, 'formatted_name', `${JSON.stringify(learned)}, as answered before for the names ${names}`, { ...answer, json: author }, ['author.update-kept']);
}

export class UpdateAuthor implements Command {
  constructor(readonly workspace: Workspace, readonly author: number, readonly change: AuthorChange) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    const { id, own, author } = pickAuthor(model, this.workspace, this.author, (candidate) => candidate.snapshot !== undefined);
    const body = bodyOf(this.change, world.names.people);
    const step = `updateAuthor ${id} with ${JSON.stringify(body)}`;
    const request = { operationId: 'updateAuthor', workspace: this.workspace, ids: { id }, body };
    if (!own) return void (await exchange(world, step, request, { status: 404, rules: [id === MISSING_ID ? 'resources.missing-is-404' : 'auth.workspace-scope'] }));
    await world.authors.hold(this.workspace, [id], async () => {
      const before = await current(world, this.workspace, author!);
      let prediction: Prediction;
      // {} changes nothing, updated_at included; otherwise what the body names, and only that.
      if (Object.keys(body).length === 0) prediction = { status: 200, same: before, rules: ['resources.empty-update-unchanged', ...REACH] };
      else {
        const { updated_at: _written, formatted_name: _follows, ...kept } = before;
        const renamed = 'first_name' in body || 'last_name' in body;
        prediction = { status: 200, fields: { ...kept, ...body, ...(renamed ? {} : { formatted_name: before.formatted_name }) }, rules: ['author.update-kept', 'resources.patch-named-fields-only', ...REACH] };
      }
      const answer = await exchange(world, step, request, prediction);
      expectThat(followsNames(answer.json as Json), step, 'formatted_name', `the names ${JSON.stringify(body.first_name ?? before.first_name)} and ${JSON.stringify('last_name' in body ? body.last_name : before.last_name)}`, answer, ['author.update-kept']);
      sameFormattedName(model, before, step, answer);
      sameFormattedName(model, answer.json as Json, step, answer);
      author!.snapshot = answer.json as Json;
      await exchange(world, `getAuthor ${id} after the update`, { operationId: 'getAuthor', workspace: this.workspace, ids: { id } }, { status: 200, same: author!.snapshot, rules: ['author.update-kept', ...AUTHOR_READ] });
    });
    // Made inactive, the author keeps their emails (author.inactive-keeps-work): each still reads as it was.
    if (body.active !== false) return;
    const signed = allEmails(model).filter(({ parent, child }) => parent.workspace === this.workspace && child.snapshot.author_id === id);
    for (const { parent, child } of signed.slice(0, 3)) {
      await exchange(world, `getEmail ${child.snapshot.id} of newsletter ${parent.snapshot.id}, signed by the author made inactive`, { operationId: 'getEmail', workspace: this.workspace, ids: { newsletter_id: parent.snapshot.id, id: child.snapshot.id } }, { status: 200, same: child.snapshot, rules: ['author.inactive-keeps-work', ...READ], fieldRules: READ_FIELDS });
    }
  }
  toString = () => `updateAuthor ${ws(this.workspace)} author#${this.author} ${JSON.stringify(this.change)}`;
}

export class ListAuthors implements Command {
  constructor(readonly workspace: Workspace, readonly active: boolean | undefined, readonly head = false) {}
  check = () => true;
  async run(model: ServiceModel, world: World) {
    if (this.head) {
      // HEAD answers what GET would: 200, with or without the filter.
      const query: Record<string, string | number> = { size: 100, ...(this.active === undefined ? {} : { active: String(this.active) }) };
      return void (await exchange(world, `listAuthors${this.active === undefined ? '' : ` ?active=${this.active}`}`, { operationId: 'listAuthors', workspace: this.workspace, ids: {}, query, head: true }, { status: 200, rules: ['lists.exact-filters'] }));
    }
    const all = model.authors.filter((author) => author.workspace === this.workspace);
    const known = all.filter((author) => author.snapshot !== undefined);
    // Every author other test files change (the run's own; the other workspace's on a disposable
    // target) is read afresh under its lock, held until the list is judged.
    const shared = known.filter((author) => world.authors.shared(this.workspace, author.id));
    const list = async () => {
      for (const author of shared) await current(world, this.workspace, author);
      // Only active authors unless active=false (lists.exact-filters), newest first.
      const wanted = this.active ?? true;
      const items = newestFirst(known.filter((author) => author.snapshot!.active === wanted).map((author) => ({ snapshot: author.snapshot! })));
      const ids = items.map((item) => item.snapshot.id);
      // The whole list when the model knows every author of the workspace; else where its own ones stand.
      const prediction: Prediction = known.length === all.length ? { status: 200, list: { ids, total: ids.length }, rules: LIST } : { status: 200, rules: LIST };
      const query: Record<string, string | number> = { size: 100, ...(this.active === undefined ? {} : { active: String(this.active) }) };
      const step = `listAuthors${this.active === undefined ? '' : ` ?active=${this.active}`}`;
      const answer = await exchange(world, step, { operationId: 'listAuthors', workspace: this.workspace, ids: {}, query }, prediction);
      const listed = ((answer.json as { result?: Json[] }).result ?? []) as Json[];
      const shown = listed.filter((item) => known.some((author) => author.id === item.id));
      judge(world, `${step}: the authors the model knows`, { status: 200, list: { ids, total: ids.length }, rules: LIST }, { ...answer, json: { result: shown, total: shown.length } });
      compareItems(world, step, items, { ...answer, json: { result: shown } });
    };
    await world.authors.hold(this.workspace, shared.map((author) => author.id), list);
  }
  toString = () => `${this.head ? 'HEAD ' : ''}listAuthors ${ws(this.workspace)}${this.active === undefined ? '' : ` active=${this.active}`}`;
}

/**
 * The changes an update sends: any subset of the fields, each sent half the time, clearing the optional ones now and then.
 * `active` is sent two times in three, so authors are made inactive (and active again) often enough
 * for the later requests of a sequence to show what that changes and what it keeps.
 */
export const authorChange: fc.Arbitrary<AuthorChange> = fc
  .record({
    // Each field sent half the time (any subset alike: a last name changed alone as often as with the first).
    first_name: sentHalfTheTime(fc.nat({ max: 2 })),
    last_name: sentHalfTheTime(fc.option(fc.nat({ max: 2 }), { nil: null })),
    position: sentHalfTheTime(fc.option(fc.nat({ max: 2 }), { nil: null })),
    short_description: sentHalfTheTime(fc.option(fc.nat({ max: 1 }), { nil: null })),
  })
  .map((change) => Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as AuthorChange)
  .chain((change) => fc.constantFrom(false, undefined, true).map((active): AuthorChange => (active === undefined ? change : { ...change, active })));

function sentHalfTheTime<T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof(fc.constant(undefined), value);
}
