/**
 * A rename keeps the slug, whatever the name it was derived from: a page's `slug` through a new name
 * (page.rename-keeps-slug), and a category's, a post's and an email's through a new name, title or
 * subject ("the slug does not change with it": the update does not name the slug, so it stays,
 * resources.patch-named-fields-only). That holds for the fallback slug too, the one a resource gets when
 * its name has no letter or digit to derive one from (an email's `email`, made with an empty subject or
 * one of punctuation only): it is the resource's slug like any other. A server that takes the fallback
 * for a placeholder and derives a slug from the first real name passes every test whose resources are
 * made with names of letters.
 *
 * For each kind, a resource made with a name of letters, one made with a name of punctuation only and,
 * where the create takes it, one made with an empty name, each renamed to a new name of letters: the
 * answer and a read show the slug it was made with.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { readResource, updateResource } from './update-subjects.ts';

const { contract } = suiteContext();

interface Renamed {
  create: string;
  update: string;
  reader: string;
  /** The field the slug is derived from. */
  field: string;
  rules: string[];
  /** A resource of the test's own made with `name`: the ids of its path. */
  make: (t: Kit, resources: Resources, name: string) => Promise<Record<string, number>>;
}

const KEEPS = ['resources.patch-named-fields-only'];

const RENAMED: Renamed[] = [
  { create: 'createPage', update: 'updatePage', reader: 'getPage', field: 'name', rules: ['page.rename-keeps-slug'], make: async (t, _resources, name) => ({ id: (await made(t, 'createPage', {}, { name })).id as number }) },
  {
    create: 'createCategory',
    update: 'updateCategory',
    reader: 'getCategory',
    field: 'name',
    rules: KEEPS,
    make: async (_t, resources, name) => {
      const pageId = resources.sharedPageId();
      return { page_id: pageId, id: (await resources.category(pageId, { name })).id };
    },
  },
  {
    create: 'createPost',
    update: 'updatePost',
    reader: 'getPost',
    field: 'title',
    rules: KEEPS,
    make: async (_t, resources, title) => {
      const pageId = resources.sharedPageId();
      return { page_id: pageId, id: (await resources.post(pageId, { title })).id };
    },
  },
  {
    create: 'createEmail',
    update: 'updateEmail',
    reader: 'getEmail',
    field: 'subject',
    rules: KEEPS,
    make: async (_t, resources, subject) => {
      const newsletterId = resources.sharedNewsletterId();
      return { newsletter_id: newsletterId, id: (await resources.email(newsletterId, { subject })).id };
    },
  },
];

/** Punctuation with no letter or digit, so no slug derives from it; drawn anew each time, as names of a workspace are unique. */
function fallbackName(t: Kit): string {
  const marks = '!?.,;:*+=~^()[]{}<>|';
  return Array.from({ length: 16 }, () => marks[t.random.int(0, marks.length - 1)]).join('');
}

/** A create that answered 201; anything else ends the test. */
async function made(t: Kit, operationId: string, ids: Record<string, number>, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { status, json, exchange } = await t.call(contract.operation(operationId), { ids, body });
  t.ensure(status === 201, `${operationId} ${JSON.stringify(body)} answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
  return json as Record<string, unknown>;
}

/** Whether the create's body lets the field be empty text. */
function takesEmpty(t: Kit, operationId: string, field: string): boolean {
  const media = jsonMedia(contract.operation(operationId));
  if (!media) return false;
  const { pointer } = contract.resolve(media.schema, media.schemaPointer);
  return t.context.validator.schemaErrors(`${pointer}/properties/${field}`, '') === undefined;
}

for (const kind of RENAMED) {
  if (!contract.operations.some((operation) => operation.operationId === kind.update)) continue;
  forOperation(kind.update, (test) => {
    test(`keeps the slug through a new ${kind.field}, a fallback slug (made from a ${kind.field} with no letter or digit) included`, { check: 'crud_agreement', rules: kind.rules, needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const resources = new Resources(t);
      const names: Array<[string, string]> = [
        ['of letters', t.names.name(kind.field)],
        ['of punctuation only', fallbackName(t)],
        ...(takesEmpty(t, kind.create, kind.field) ? [['empty', ''] as [string, string]] : []),
      ];
      for (const [which, name] of names) {
        const ids = await kind.make(t, resources, name);
        const slug = (await readResource(t, kind.reader, ids)).slug;
        for (const round of [1, 2]) {
          const answer = await updateResource(t, kind.update, ids, { [kind.field]: t.names.name(`${kind.field}-renamed-${round}`) });
          t.verify(answer.slug === slug, `a ${kind.field} ${JSON.stringify(name)} (${which}) renamed (rename ${round}) answered slug ${JSON.stringify(answer.slug)}; it was made with ${JSON.stringify(slug)}, which a rename keeps`, { rules: kind.rules });
          const stored = await readResource(t, kind.reader, ids);
          t.verify(stored.slug === slug, `after a ${kind.field} ${JSON.stringify(name)} (${which}) was renamed (rename ${round}), ${kind.reader} shows slug ${JSON.stringify(stored.slug)}; it was made with ${JSON.stringify(slug)}, which a rename keeps`, { rules: kind.rules });
        }
      }
    });
  });
}
