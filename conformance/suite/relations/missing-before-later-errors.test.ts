/**
 * errors.precedence between the `404` of a resource the path names and what comes after it: the `409`
 * of a taken name or slug (step 6) and the `422` of what only the operation's work can tell, a body's
 * reference to another resource (step 7). A request that would get one of those had its resource
 * existed, sent to a resource that does not exist, is a `404`: a server that judges the body's name,
 * slug or reference before it looks the path's resource up answers the later error for a resource it
 * never found.
 *
 * Every operation whose path names a resource and that declares `404` is asked so, with each body the
 * contract lets it refuse later (read from its schema and responses): a `name` of the workspace's
 * (a rename of a resource whose names are unique, unique-named.ts), a `slug` another resource of the
 * scope holds (an operation that takes `slug` and declares `409`), and each unusable reference
 * (references.ts). Each body is valid on its own (step 4 passes), so a correct server answers `404`
 * whatever it holds: for each path parameter in turn set to an id that names nothing, and, for a child,
 * through another parent of the workspace where the taken slug or the reference is judged.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { jsonMedia } from '../../cases/json-media.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { MISSING_ID, pathIdsFor, validBody, type PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';
import { expectedSlug } from '../slugs.ts';
import { REFERENCES, referenceFields } from './references.ts';
import { UNIQUELY_NAMED } from './unique-named.ts';

const { contract } = suiteContext();

/** A body the operation would refuse only after it found its resource, and what refuses it. */
interface LaterError {
  what: string;
  /** The body, made in `scope` (the ids where the name, slug or reference is judged), or why none. */
  make: (t: Kit, scope: PathIds) => Promise<{ body: Record<string, unknown> } | { none: string }>;
}

const pathNames = (operation: OperationInfo) => operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
const declares = (operation: OperationInfo, status: string) => operation.responses.some((response) => response.status === status);
const isCreate = (operation: OperationInfo) => operation.method.toLowerCase() === 'post' && !operation.path.endsWith('}');

function bodyTakes(operation: OperationInfo, field: string): boolean {
  const media = jsonMedia(operation);
  return media !== undefined && field in (contract.resolve(media.schema, media.schemaPointer).node.properties ?? {});
}

/** The create of the operation's kind: the operation itself, or the POST of its path without `/{id}`. */
function createOf(operation: OperationInfo): OperationInfo | undefined {
  if (isCreate(operation)) return operation;
  const path = operation.path.replace(/\/\{id\}$/, '');
  return contract.operations.find((candidate) => candidate.method.toLowerCase() === 'post' && candidate.path === path);
}

/** Makes a resource of the operation's kind in `scope` through its create, with `extra` in the body; answers its JSON. */
async function holder(t: Kit, create: OperationInfo, scope: PathIds, extra: Record<string, unknown>): Promise<Record<string, unknown>> {
  const ids = Object.fromEntries(pathNames(create).map((name) => [name, scope[name]!]));
  const { status, json, exchange } = await t.call(create, { ids, body: { ...validBody(t, create, 'minimal'), ...extra } });
  t.ensure(status === 201 && json !== undefined, `${create.operationId} of a resource holding what the test sends answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
  return json as Record<string, unknown>;
}

/** The bodies the operation refuses only once it has found its resource, read from the contract. */
function laterErrors(operation: OperationInfo): LaterError[] {
  const errors: LaterError[] = [];
  const create = createOf(operation);
  // The base of a create's body: the fields its schema requires, the probe's field put over them.
  const base = (t: Kit, fields: string[]) => {
    if (!isCreate(operation)) return {};
    const body = validBody(t, operation, 'minimal');
    for (const field of fields) delete body[field];
    return body;
  };
  const renamesUnique = UNIQUELY_NAMED.some(({ rename }) => rename === operation.operationId);
  if (renamesUnique && declares(operation, '409') && bodyTakes(operation, 'name') && create) {
    errors.push({
      what: 'a name another resource of the workspace has (409 name-taken)',
      make: async (t, scope) => ({ body: { name: (await holder(t, create, scope, {})).name } }),
    });
  }
  if (declares(operation, '409') && bodyTakes(operation, 'slug') && create && bodyTakes(create, 'slug')) {
    errors.push({
      what: 'a slug another resource of its scope holds (409 slug-taken)',
      make: async (t, scope) => {
        const slug = expectedSlug(t.names.name('Held Slug'), { removeSlash: true });
        await holder(t, create, scope, { slug });
        return { body: { ...base(t, ['slug']), slug } };
      },
    });
  }
  const fields = referenceFields(operation);
  for (const field of fields) {
    for (const { what, make } of REFERENCES[field]!.unusable) {
      errors.push({
        what: `${field} as ${what} (422 of the operation's work)`,
        make: async (t, scope) => {
          const value = await make(t, scope);
          return typeof value === 'number' ? { body: { ...base(t, fields), [field]: value } } : value;
        },
      });
    }
  }
  return errors;
}

const PARENTS = ['page_id', 'newsletter_id'];

for (const operation of contract.operations) {
  const names = pathNames(operation);
  if (names.length === 0 || !declares(operation, '404')) continue;
  const errors = laterErrors(operation);
  if (errors.length === 0) continue;
  const parent = names.includes('id') ? PARENTS.find((name) => names.includes(name)) : undefined;
  forOperation(operation.operationId, (test) => {
    const spec = { check: 'missing_resource' as const, rules: ['errors.precedence', 'resources.missing-is-404'], needs: ['state' as const] };
    test(`answers 404 for a resource the path names that does not exist, before the 409 or 422 its body would get: ${errors.map((error) => error.what).join('; ')}`, spec, async (t: Kit) => {
      const ids = await pathIdsFor(t, operation);
      const skipped: string[] = [];
      for (const name of names) {
        for (const { what, make } of errors) {
          // Judged where the resource would be: the real ids, the missing one aside.
          const made = await make(t, ids);
          if ('none' in made) {
            skipped.push(`${what}: ${made.none}`);
            continue;
          }
          const { body } = made;
          const sent = { ...ids, [name]: MISSING_ID };
          const { status, exchange } = await t.call(operation, { ids: sent, body });
          t.verify(status === 404, `${operation.operationId} with ${name} ${MISSING_ID}, which names nothing, and ${what}: ${JSON.stringify(body)} answered ${status ?? 'nothing'}; expected 404 (the resource the path names comes before the body's later errors)`, { evidence: exchange });
        }
      }
      if (skipped.length > 0) t.recorder.note(`${operation.operationId}: bodies not sent: ${skipped.join('; ')}`);
    });

    if (!parent) return;
    const parentKind = parent === 'page_id' ? 'page' : 'newsletter';
    test(`answers 404 for its resource reached through another ${parentKind} of the workspace, before the 409 or 422 its body would get there`, { ...spec, rules: [...spec.rules, 'resources.child-of-its-parent'] }, async (t: Kit) => {
      const ids = await pathIdsFor(t, operation);
      const resources = new Resources(t);
      const other = parent === 'page_id' ? (await resources.page('later-error-parent')).id : (await resources.newsletter('later-error-parent')).id;
      // The name, slug or reference is judged in the other parent, the one the path names.
      const sent = { ...ids, [parent]: other };
      for (const { what, make } of errors) {
        const made = await make(t, sent);
        if ('none' in made) continue;
        const { body } = made;
        const { status, exchange } = await t.call(operation, { ids: sent, body });
        t.verify(status === 404, `${operation.operationId} of ${parentKind} ${ids[parent]}'s item ${ids.id} through ${parent} ${other}, with ${what}: ${JSON.stringify(body)} answered ${status ?? 'nothing'}; expected 404`, { evidence: exchange });
      }
    });
  }, { concurrent: true });
}
