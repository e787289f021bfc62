/**
 * What a generated value cannot get right by itself, filled in just before an accepted case is sent:
 * names the contract says must be unique get a fresh run-named value of the same length (so a length
 * boundary stays a length boundary), and ids of other resources become real ids. A case about one
 * field (a boundary of `body.slug`) keeps that field's short value as it is (short-values.ts makes it
 * one of its own) and gets fresh values for every other unique field, however short the base body's
 * were: otherwise every boundary case of an operation would send the same short name, and all but the
 * first would find it taken. A value in characters outside the Basic Multilingual Plane gets a fresh
 * one of the same characters' count that keeps them (freshAstral); one with white space around it keeps
 * that white space around a fresh value of its core's length.
 */
import type { Kit } from '../suite/kit.ts';
import { astralText, hasAstral } from './boundary-values.ts';

/** Fields whose values a workspace or page keeps unique, or that name the run's resources. */
const UNIQUE_TEXT_FIELDS = new Set(['name', 'title', 'subject', 'slug', 'first_name', 'last_name']);
/** Below this length a run-named value does not fit; the value is sent as generated. */
const SHORTEST_FRESH = 24;

export interface References {
  /** A category of the operation's page, made on demand. */
  categoryId: () => Promise<number>;
  authorId: number | null;
}

/**
 * A run-named value of `characters` characters that stays outside the Basic Multilingual Plane where
 * the value it replaces was: the name, then such characters up to the length (a length in characters
 * stays one, and a server that counts code units still sees twice as many).
 */
function freshAstral(t: Kit, field: string, characters: number): string {
  const name = t.names.name(field);
  return name.length < characters ? `${name}${astralText(characters - name.length)}` : t.names.name(field, characters);
}

/** @param underTest the body field the case is about, whose value is sent as generated unless a fresh one of its length fits. */
export async function freshen(t: Kit, body: unknown, references: References, underTest?: string): Promise<unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const fresh: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [field, value] of Object.entries(fresh)) {
    // A value sent with white space around it (a length boundary that counts it) keeps it around its fresh core.
    const spaced = typeof value === 'string' ? /^(\s+)([^]*?)(\s+)$/u.exec(value) : null;
    if (spaced) {
      const core = (await freshen(t, { [field]: spaced[2] }, references, underTest)) as Record<string, unknown>;
      fresh[field] = `${spaced[1]}${String(core[field])}${spaced[3]}`;
    } else if (typeof value === 'string' && hasAstral(value) && UNIQUE_TEXT_FIELDS.has(field)) fresh[field] = freshAstral(t, field, [...value].length);
    else if (typeof value === 'string' && value.length >= SHORTEST_FRESH && UNIQUE_TEXT_FIELDS.has(field)) fresh[field] = t.names.name(field, value.length);
    // Every unique name, title and slug is far shorter than its maxLength (100 or more) allows a run-named one.
    else if (typeof value === 'string' && underTest !== undefined && field !== underTest && UNIQUE_TEXT_FIELDS.has(field)) fresh[field] = t.names.name(field);
    else if (typeof value === 'string' && field === 'email' && value.includes('@')) fresh[field] = t.names.email('subscriber', Math.max(value.length, 40));
    else if (typeof value === 'number' && field === 'category_id') fresh[field] = await references.categoryId();
    else if (typeof value === 'number' && field === 'author_id') fresh[field] = references.authorId;
  }
  return fresh;
}
