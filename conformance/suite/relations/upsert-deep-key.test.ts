/**
 * subscriber.upsert-same-id, wherever the existing child stands: "an address already on the newsletter"
 * is every address of it, not only those its list answers on a first page. A parent of the test's own
 * gets two children more than the list's default page size (read from the contract), then every key is
 * sent again, oldest first: each answer is the create's success status with the child already there
 * (same id), and the list still totals the children made. A server that looks the key up among the
 * newest children only inserts an older one again (a second child, or a 500 of its unique key), which
 * every upsert test of a parent with a few children passes.
 *
 * Cost, per upsert: one parent (it stays), default size + 2 creations, as many upserts, one list read,
 * and the deletions after the operation's tests.
 */
import type { OperationInfo } from '../../contract/document.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { fillPath } from '../requests.ts';
import { Resources } from '../resources.ts';
import { successOf, UPSERTS } from './upserts.ts';

const { contract } = suiteContext();

/** The page size a list answers when none is asked for: the `size` parameter's default (10 when it has none). */
function defaultSize(operation: OperationInfo): number {
  const parameter = operation.parameters.find((candidate) => candidate.in === 'query' && candidate.name === 'size');
  const schema = parameter ? contract.resolve(parameter.schema, '').node : undefined;
  return typeof schema?.default === 'number' ? schema.default : 10;
}

/** A parent of the test's own, for the parent parameters the suite knows how to make. */
async function ownParent(t: Kit, parentParameter: string): Promise<number> {
  const resources = new Resources(t);
  if (parentParameter === 'newsletter_id') return (await resources.newsletter('upsert-deep')).id;
  throw new Error(`no parent of its own can be made for ${parentParameter}`);
}

for (const upsert of UPSERTS) {
  forOperation(upsert.create, (test) => {
    test(
      `answers the existing child for every ${upsert.key} of a parent with more children than a default page, the oldest too`,
      { check: 'subscriber_upsert_identity', rules: ['subscriber.upsert-same-id'], needs: ['state'], timeoutMs: 120_000 },
      async (t: Kit) => {
        const list = contract.operation(upsert.list);
        const count = defaultSize(list) + 2;
        const parentId = await ownParent(t, upsert.parentParameter);
        const ids = { [upsert.parentParameter]: parentId };
        const success = successOf(upsert.create);
        const send = (key: string) => t.call(contract.operation(upsert.create), { ids, body: { [upsert.key]: key } });

        const made: { key: string; id: number }[] = [];
        for (let index = 0; index < count; index++) {
          const key = t.names.email(`deep-${index}`);
          const created = await send(key);
          const id = (created.json as { id?: unknown } | undefined)?.id;
          t.ensure(created.status === success && typeof id === 'number', `${upsert.create} of a new ${upsert.key} (${index + 1} of ${count}) answered ${created.status ?? 'nothing'}; expected ${success}`, { evidence: created.exchange });
          t.cleanup(`${upsert.create} ${id}`, async () => void (await t.call(contract.operation(upsert.remove), { ids: { ...ids, id } })));
          made.push({ key, id });
        }

        for (const [index, child] of made.entries()) {
          const again = await send(child.key);
          const id = (again.json as { id?: unknown } | undefined)?.id;
          if (typeof id === 'number' && id !== child.id) t.cleanup(`${upsert.create} ${id}`, async () => void (await t.call(contract.operation(upsert.remove), { ids: { ...ids, id } })));
          t.verify(
            again.status === success && id === child.id,
            `${upsert.create} of ${child.key}, already the ${ordinal(count - index)} newest of ${count} on ${upsert.parentParameter} ${parentId}, answered ${again.status ?? 'nothing'} with id ${JSON.stringify(id)}; expected ${success} with ${child.id}: the upsert finds every existing ${upsert.key}, not only those of a first page`,
            { evidence: again.exchange },
          );
        }

        const read = await t.raw({ method: 'GET', path: fillPath(list.path, ids), query: { page: 1, size: 1 } });
        const total = (read.json as { total?: unknown } | undefined)?.total;
        t.verify(read.status === 200 && total === count, `${upsert.list} after the upserts answered ${read.status ?? 'nothing'} with total ${JSON.stringify(total)}; expected ${count}: an upsert of an existing ${upsert.key} adds no child`, { evidence: read.exchange });
      },
    );
  });
}

function ordinal(n: number): string {
  const suffix = n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}
