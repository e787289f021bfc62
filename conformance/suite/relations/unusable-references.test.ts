/**
 * errors.only-present-causes and errors.field-names over references, for every operation whose body
 * takes the id of another resource (read from the contract: a top-level body field this file knows how
 * to make unusable): each unusable value, sent alone (with only the fields the schema requires), is a
 * `422` whose `errors` name exactly that field. A server whose reference check reports the references
 * it did not send (a category refused on update also naming `author_id`) misleads a client into
 * "fixing" a field it never sent; one check per operation, create and update alike, shows it where a
 * test of one operation would not.
 *
 * Unusable, as the contract defines it: a `category_id` not of the same page (post.category-of-same-page),
 * an `author_id` not of the workspace (resources.author-of-workspace), each as an id that names nothing
 * and as a real resource out of reach (a category of another page, a category of the page since deleted, an author of the `--token2`
 * workspace, where it lists one). An operation with two reference fields also gets both unusable at
 * once: a `422` naming each (errors.field-names, "every one of a request with several"). An inactive
 * author is not among them: the contract keeps their work
 * and refuses none of it.
 *
 * Each unusable value is also sent, in the same round, beside schema errors (schema-errors-beside.ts):
 * errors.precedence puts the request judged on its own (step 4) before references (step 7), so the
 * `422` names the schema's causes only; a server that checks references in a stage of its own and
 * lists them beside the schema's tells which ids exist.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit, RawResult } from '../kit.ts';
import { pathIdsFor, validBody, type PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';
import { REFERENCES, referenceFields } from './references.ts';
import { schemaErrorsBeside } from './schema-errors-beside.ts';
import { readResource, UPDATES } from './update-subjects.ts';

const { contract } = suiteContext();

/** Sends each unusable value of each field alone (beside `required`), and judges each answer: a 422 naming exactly that field. */
async function refuseEachUnusable(t: Kit, operation: OperationInfo, fields: string[], ids: PathIds, required: Record<string, unknown>): Promise<void> {
  for (const field of fields) delete required[field];
  const notMade: string[] = [];
  for (const field of fields) {
    for (const { what, make } of REFERENCES[field]!.unusable) {
      const value = await make(t, ids);
      if (typeof value !== 'number') {
        notMade.push(`${field} as ${what}: ${value.none}`);
        continue;
      }
      const body = { ...required, [field]: value };
      // The same reference beside schema errors, in the same round: the answer names those only.
      const invalid = schemaErrorsBeside(operation, required, fields);
      const [{ status, json, exchange }, beside] = await Promise.all([t.call(operation, { ids, body }), t.call(operation, { ids, body: { ...body, ...invalid.fields } })]);
      judgeSchemaFirst(t, `${field} ${value} (${what}) beside ${invalid.names.join(' and ')}, which the body's schema refuses,`, invalid.names, beside);
      const sent = `${field} ${value} (${what})`;
      if (!t.verify(status === 422, `${sent} answered ${status ?? 'nothing'}; expected 422`, { evidence: exchange, rules: REFERENCES[field]!.rules })) continue;
      const errors = (json as { errors?: { field?: unknown }[] } | undefined)?.errors;
      const named = Array.isArray(errors) ? errors.map((error) => error.field) : [];
      t.verify(named.includes(field), `${sent} answered 422 naming ${JSON.stringify(named)} in errors; expected ${field} among them`, { evidence: exchange, rules: ['errors.field-names', ...REFERENCES[field]!.rules] });
      const others = named.filter((name) => name !== field);
      t.verify(others.length === 0, `${sent}, with ${JSON.stringify(Object.keys(body))} sent, answered 422 naming also ${JSON.stringify(others)}: causes the request does not have`, { evidence: exchange, rules: ['errors.only-present-causes'] });
    }
  }
  // What this target cannot offer is said, not hidden: the cases it allowed were judged.
  if (notMade.length > 0) t.recorder.note(`${operation.operationId}: unusable references not sent: ${notMade.join('; ')}`);
}

/**
 * errors.precedence (step 4, the request judged on its own, before step 7, references) and the
 * introduction's Errors ("a request that is invalid on its own ... tells nothing about which ids exist"):
 * a body with schema errors and an unusable reference is a 422 naming the schema's causes, the reference not.
 */
function judgeSchemaFirst(t: Kit, sent: string, expected: string[], answer: RawResult): void {
  const rules = ['errors.precedence', 'errors.only-present-causes'];
  if (!t.verify(answer.status === 422, `${sent} answered ${answer.status ?? 'nothing'}; expected 422 naming ${expected.join(', ')}`, { evidence: answer.exchange, rules })) return;
  const errors = (answer.json as { errors?: { field?: unknown }[] } | undefined)?.errors;
  const named = [...new Set((Array.isArray(errors) ? errors : []).map((error) => String(error.field ?? '')))].sort();
  t.verify(JSON.stringify(named) === JSON.stringify(expected), `${sent} answered 422 naming ${named.join(', ') || 'no field'} in errors; expected exactly ${expected.join(', ')}: a body invalid on its own is answered without looking its references up, and tells nothing about which ids exist`, { evidence: answer.exchange, rules });
}

const isCreate = (operation: OperationInfo) => operation.method.toLowerCase() === 'post';

for (const operation of contract.operations) {
  const fields = referenceFields(operation);
  if (fields.length === 0) continue;
  const rules = [...new Set(['errors.only-present-causes', 'errors.field-names', 'errors.precedence', ...fields.flatMap((field) => REFERENCES[field]!.rules)])];
  forOperation(operation.operationId, (test) => {
    test(`refuses each unusable ${fields.join(' and ')}, sent alone, with a 422 naming exactly that field, and beside schema errors with a 422 naming those only`, { check: 'negative_data_rejection', rules, needs: ['state'] }, async (t: Kit) => {
      // A create sends the fields its schema requires besides; an update sends the reference alone.
      await refuseEachUnusable(t, operation, fields, await pathIdsFor(t, operation), isCreate(operation) ? validBody(t, operation, 'minimal') : {});
    });

    // An update of a resource whose references are set already: a server that checks a reference only
    // when the resource has none yet (its first category) passes the test above, on a resource made bare.
    const subject = isCreate(operation) ? undefined : UPDATES[operation.operationId];
    if (subject) {
      test(`refuses each unusable ${fields.join(' and ')}, sent alone, on a resource that has every reference set, with a 422 naming exactly that field, and beside schema errors with a 422 naming those only`, { check: 'negative_data_rejection', rules, needs: ['state'] }, async (t: Kit) => {
        const ids = await subject.make(new Resources(t), t);
        const before = await readResource(t, subject.readerId, ids);
        // A write-only reference (a post's author_id) is not shown: the make set it where the workspace has an author.
        const unset = fields.filter((field) => field in before && before[field] === null);
        // A workspace without an author makes every email and post without one.
        if (unset.length > 0) t.notApplicable(`needs a resource with ${unset.join(' and ')} set, but ${subject.readerId} shows it unset (a workspace without an author has none to name)`);
        await refuseEachUnusable(t, operation, fields, ids, {});
      });
    }

    if (fields.length > 1) {
      // errors.field-names: "every one of a request with several". A server that checks its references one
      // at a time and stops at the first names one of two, which a reference sent alone never shows.
      test(`refuses ${fields.join(' and ')} unusable together with a 422 naming every one of them`, { check: 'negative_data_rejection', rules: ['errors.field-names', ...fields.flatMap((field) => REFERENCES[field]!.rules)], needs: ['state'] }, async (t: Kit) => {
        const ids = await pathIdsFor(t, operation);
        const required = isCreate(operation) ? validBody(t, operation, 'minimal') : {};
        // The first unusable value of each field: an id that names nothing, which every target has.
        const body = { ...required, ...Object.fromEntries(await Promise.all(fields.map(async (field) => [field, await REFERENCES[field]!.unusable[0]!.make(t, ids)]))) };
        const { status, json, exchange } = await t.call(operation, { ids, body });
        const sent = fields.map((field) => `${field} ${JSON.stringify(body[field])}`).join(' and ');
        if (!t.verify(status === 422, `${sent}, both naming nothing, answered ${status ?? 'nothing'}; expected 422`, { evidence: exchange })) return;
        const errors = (json as { errors?: { field?: unknown }[] } | undefined)?.errors;
        const named = Array.isArray(errors) ? errors.map((error) => error.field) : [];
        const missing = fields.filter((field) => !named.includes(field));
        t.verify(missing.length === 0, `${sent}, both naming nothing, answered 422 naming ${JSON.stringify(named)} in errors; ${missing.join(' and ')} is not named`, { evidence: exchange, rules: ['errors.field-names'] });
      });
    }
  });
}
