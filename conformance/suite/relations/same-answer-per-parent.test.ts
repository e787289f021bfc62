/**
 * What happens under one parent never changes an answer under another (resources.child-of-its-parent:
 * a child belongs to its own page or newsletter; the per-parent rules of slugs and subscribers). For
 * every create of a child under a parent (the contract's POST on a collection under `{page_id}` or
 * `{newsletter_id}`), the same body is created under a fresh parent P1, then under a fresh P2 while P1
 * holds it, then, once it is deleted from P1, under a fresh P3: the answers under P2 and P3 are the
 * answer under P1, field by field, but for the id, the parent's id and the timestamps (compared by
 * whether they are null). A server that remembers an address, a slug or a name deleted from another
 * parent of the workspace and lets it shape a new child (a subscriber made pending, a suffixed slug)
 * passes every test that works under one parent only.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { Resources } from '../resources.ts';
import { filledCreateBody } from './filled-create.ts';

const { contract } = suiteContext();

type Json = Record<string, unknown> & { id: number };

const PARENTS = ['page_id', 'newsletter_id'] as const;
type ParentParameter = (typeof PARENTS)[number];

interface ChildCreate {
  create: OperationInfo;
  remove: OperationInfo;
  parent: ParentParameter;
}

/** The creates of a child under a parent, each with the delete of what it creates. */
function childCreates(): ChildCreate[] {
  const found: ChildCreate[] = [];
  for (const create of contract.operations) {
    if (create.method !== 'POST') continue;
    const parent = PARENTS.find((name) => new RegExp(`/\\{${name}\\}/[a-z_-]+$`).test(create.path));
    if (!parent) continue;
    const remove = contract.operations.find((operation) => operation.method === 'DELETE' && operation.path === `${create.path}/{id}`);
    if (remove) found.push({ create, remove, parent });
  }
  return found;
}

/** A valid body: each required field a text (or an address) of the run, every optional field filled. */
function sameBody(t: Kit, operationId: string): Record<string, unknown> {
  const media = jsonMedia(contract.operation(operationId));
  const given: Record<string, unknown> = {};
  if (media) {
    const { node: schema, pointer } = contract.resolve(media.schema, media.schemaPointer);
    for (const field of ((schema?.required ?? []) as string[])) {
      const candidates = [t.names.name(`per-parent ${field}`), t.names.email(`per-parent-${field}`)];
      const value = candidates.find((candidate) => t.context.validator.schemaErrors(`${pointer}/properties/${field}`, candidate) === undefined);
      if (value !== undefined) given[field] = value;
    }
  }
  return filledCreateBody(t, operationId, given);
}

/** Fields that differ from one child to another by nature: the id, the parent's id, and times (`…_at`), compared by null-ness. */
function differences(first: Json, other: Json, parent: string): string[] {
  const fields = new Set([...Object.keys(first), ...Object.keys(other)]);
  const found: string[] = [];
  for (const field of fields) {
    if (field === 'id' || field === parent) continue;
    const [a, b] = [first[field], other[field]];
    if (field.endsWith('_at')) {
      if ((a === null) !== (b === null)) found.push(`${field} ${JSON.stringify(b)} where the first had ${JSON.stringify(a)}`);
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      found.push(`${field} ${JSON.stringify(b)} where the first had ${JSON.stringify(a)}`);
    }
  }
  return found;
}

for (const child of childCreates()) {
  const parentName = child.parent === 'page_id' ? 'page' : 'newsletter';
  forOperation(child.create.operationId, (test) => {
    test(`answers the same body alike under a fresh ${parentName}, whether another ${parentName} holds it or held it and deleted it`, { check: 'crud_agreement', rules: ['resources.child-of-its-parent'], needs: ['state', 'input_reflection'] }, async (t: Kit) => {
      const resources = new Resources(t);
      const freshParent = async () => (child.parent === 'page_id' ? await resources.page('per-parent') : await resources.newsletter('per-parent')).id;
      const body = sameBody(t, child.create.operationId);
      const create = async (parentId: number): Promise<{ status: number; made: Json }> => {
        const { status, json, exchange } = await t.call(child.create, { ids: { [child.parent]: parentId }, body });
        // createSubscriber, an upsert, answers a new subscriber 200 as an existing one: any success is the create's.
        t.ensure(status === 200 || status === 201, `${child.create.operationId} ${JSON.stringify(body)} under ${parentName} ${parentId} answered ${status ?? 'nothing'}; expected a success (a fresh ${parentName})`, { evidence: exchange });
        const made = json as Json;
        t.cleanup(`${child.create.operationId} ${made.id} of ${parentName} ${parentId}`, async () => void (await t.call(child.remove, { ids: { [child.parent]: parentId, id: made.id } })));
        return { status, made };
      };
      /** How an answer under another parent differs from the first: its status code, then its fields. */
      const apart = (first: { status: number; made: Json }, other: { status: number; made: Json }) => [
        ...(other.status === first.status ? [] : [`status ${other.status} where the first had ${first.status}`]),
        ...differences(first.made, other.made, child.parent),
      ];
      const [p1, p2, p3] = [await freshParent(), await freshParent(), await freshParent()];
      const first = await create(p1);
      const held = await create(p2);
      const heldDifferences = apart(first, held);
      t.verify(heldDifferences.length === 0, `the same body under a fresh ${parentName} ${p2}, while ${parentName} ${p1} holds it, answered ${heldDifferences.join('; ')}: what another ${parentName} holds changes nothing here`);
      const removed = await t.call(child.remove, { ids: { [child.parent]: p1, id: first.made.id } });
      t.ensure(removed.status === 204, `${child.remove.operationId} of ${first.made.id} under ${parentName} ${p1} answered ${removed.status ?? 'nothing'}; expected 204`, { evidence: removed.exchange });
      const after = await create(p3);
      const afterDifferences = apart(first, after);
      t.verify(afterDifferences.length === 0, `the same body under a fresh ${parentName} ${p3}, after it was deleted from ${parentName} ${p1}, answered ${afterDifferences.join('; ')}: what another ${parentName} held and deleted changes nothing here`);
    });
  });
}
