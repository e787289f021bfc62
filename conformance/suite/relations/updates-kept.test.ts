/**
 * resources.update-kept, resources.answer-as-stored and resources.patch-named-fields-only, over every
 * update operation of a resource the suite can make:
 *
 * - a second update of the same fields, with other values, is kept: its answer and a read afterwards
 *   show the second values (a server that stores only a first value, or only into an empty field,
 *   passes a single update);
 * - an update changes only what it names: every other field, `created_at` and `id` included, reads as
 *   before in the answer and afterwards; `updated_at` and what the contract derives from a named field
 *   (a page's and a newsletter's `name_slug`, which follow the name) aside.
 *
 * updateAuthor is left out: authors cannot be created, and the model phase predicts every update of the
 * author it may change field by field.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';

const { contract } = suiteContext();

type Json = Record<string, unknown>;

interface UpdateSubject {
  /** The read that shows the resource afterwards. */
  readerId: string;
  /** A fresh resource of the test's own: the ids of its path. */
  make: (resources: Resources) => Promise<Record<string, number>>;
  /** Fields stored as sent, updated by the tests. */
  fields: string[];
  /** Fields the contract derives from a named one, which may change with it. */
  derived: string[];
}

const UPDATES: Record<string, UpdateSubject> = {
  updatePage: {
    readerId: 'getPage',
    make: async (resources) => ({ id: (await resources.page('updated')).id }),
    fields: ['name'],
    // page.rename-keeps-slug: name_slug follows the name; slug and domain stay.
    derived: ['name_slug'],
  },
  updateNewsletter: {
    readerId: 'getNewsletter',
    make: async (resources) => ({ id: (await resources.newsletter('updated')).id }),
    fields: ['name'],
    // newsletter.rename-moves-name-slug: name_slug follows the name.
    derived: ['name_slug'],
  },
  updateCategory: {
    readerId: 'getCategory',
    make: async (resources) => {
      const pageId = resources.sharedPageId();
      return { page_id: pageId, id: (await resources.category(pageId)).id };
    },
    fields: ['name', 'description', 'color'],
    // A category keeps its slug through a rename.
    derived: [],
  },
  updatePost: {
    readerId: 'getPost',
    make: async (resources) => {
      const pageId = resources.sharedPageId();
      return { page_id: pageId, id: (await resources.post(pageId)).id };
    },
    fields: ['title', 'description', 'seo_title', 'seo_description', 'og_title', 'og_description'],
    // A post keeps its slug through a new title.
    derived: [],
  },
  updateEmail: {
    readerId: 'getEmail',
    make: async (resources) => {
      const newsletterId = resources.sharedNewsletterId();
      return { newsletter_id: newsletterId, id: (await resources.email(newsletterId)).id };
    },
    fields: ['subject', 'preview'],
    // EmailUpdate: the slug does not change with the subject.
    derived: [],
  },
};

/** A value for `field` in update `round`, different in every round and every test. */
function valueFor(t: Kit, field: string, round: number): string {
  if (field === 'color') {
    const rgb = t.random.int(0, 0xffffff);
    return `#${(round === 1 ? rgb : rgb ^ 0x808080).toString(16).padStart(6, '0').toUpperCase()}`;
  }
  return t.names.name(`${field}-${round}`);
}

/** The fields of `expected` that `actual` shows otherwise: `name: "a" expected, "b" shown`. */
function differences(expected: Json, actual: Json, fields: Iterable<string>): string[] {
  return [...fields]
    .filter((field) => JSON.stringify(expected[field]) !== JSON.stringify(actual[field]))
    .map((field) => `${field}: ${JSON.stringify(expected[field])} expected, ${JSON.stringify(actual[field])} shown`);
}

async function read(t: Kit, subject: UpdateSubject, ids: Record<string, number>): Promise<Json> {
  const { status, json, exchange } = await t.call(contract.operation(subject.readerId), { ids });
  t.ensure(status === 200, `${subject.readerId} answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
  return json as Json;
}

async function update(t: Kit, operationId: string, ids: Record<string, number>, body: Json): Promise<Json> {
  const { status, json, exchange } = await t.call(contract.operation(operationId), { ids, body });
  t.ensure(status === 200, `${operationId} ${JSON.stringify(body)} answered ${status ?? 'nothing'}; expected 200`, { evidence: exchange });
  return json as Json;
}

for (const [operationId, subject] of Object.entries(UPDATES)) {
  forOperation(operationId, (test) => {
    test('keeps a second update of the same fields: the answer and a read show the second values', { check: 'crud_agreement', rules: ['resources.update-kept', 'resources.answer-as-stored'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const ids = await subject.make(new Resources(t));
      for (const round of [1, 2]) {
        const body = Object.fromEntries(subject.fields.map((field) => [field, valueFor(t, field, round)]));
        const answer = await update(t, operationId, ids, body);
        const wrongAnswer = differences(body, answer, subject.fields);
        t.verify(wrongAnswer.length === 0, `update ${round} answered other values than it was sent: ${wrongAnswer.join('; ')}`);
        const stored = await read(t, subject, ids);
        const notKept = differences(body, stored, subject.fields);
        t.verify(notKept.length === 0, `after update ${round}, ${subject.readerId} does not show its values: ${notKept.join('; ')}`);
      }
    });

    test('changes only the fields it names: every other one reads as before, in the answer and afterwards', { check: 'crud_agreement', rules: ['resources.patch-named-fields-only'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const ids = await subject.make(new Resources(t));
      const before = await read(t, subject, ids);
      // A clock of millisecond precision moves between the create and the update, so a field stamped
      // with the update's time shows a new value.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const body = Object.fromEntries(subject.fields.map((field) => [field, valueFor(t, field, 1)]));
      const answer = await update(t, operationId, ids, body);
      const left = new Set(Object.keys(before).filter((field) => !subject.fields.includes(field) && !subject.derived.includes(field) && field !== 'updated_at'));
      const movedInAnswer = differences(before, answer, left);
      t.verify(movedInAnswer.length === 0, `an update of ${subject.fields.join(', ')} answered other values for fields it does not name: ${movedInAnswer.join('; ')}`);
      const movedInRead = differences(before, await read(t, subject, ids), left);
      t.verify(movedInRead.length === 0, `after an update of ${subject.fields.join(', ')}, ${subject.readerId} shows other values for fields it does not name: ${movedInRead.join('; ')}`);
    });
  });
}
