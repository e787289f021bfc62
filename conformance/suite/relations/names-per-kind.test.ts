/**
 * names.unique-any-case holds within one kind: a page's name is unique among the workspace's pages, a
 * newsletter's among its newsletters. For every uniquely named kind and every other one, a name held
 * only by a resource of the other kind (sent in other letter case, too) is free: its create answers
 * `201` and its rename `200`, each storing the name as sent. A server that keeps one table of every
 * name in the workspace answers `409` for a name no resource of the kind has, which every test of one
 * kind passes.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { UNIQUELY_NAMED } from './unique-named.ts';

const { contract } = suiteContext();

/** Sends a create or rename, answering its status, the id and name it answered, and the exchange. */
async function send(t: Kit, operationId: string, name: string, id?: number) {
  const { status, json, exchange } = await t.call(contract.operation(operationId), { ids: id === undefined ? {} : { id }, body: { name } });
  const body = json as { id?: unknown; name?: unknown } | undefined;
  return { status, id: typeof body?.id === 'number' ? body.id : undefined, name: body?.name, exchange };
}

const kindOf = (create: string) => create.slice(6).toLowerCase();

for (const named of UNIQUELY_NAMED) {
  const others = UNIQUELY_NAMED.filter((other) => other !== named);
  if (others.length === 0) continue;
  const reader = contract.operations.find((operation) => operation.method === 'GET' && operation.path === contract.operation(named.rename).path)!;

  forOperation(named.create, (test) => {
    test(`creates a ${kindOf(named.create)} with a name only a ${others.map((other) => kindOf(other.create)).join(' or ')} has, in any letter case: names are unique per kind`, { check: 'conflict_detection', rules: ['names.unique-any-case', 'requests.valid-input-accepted'], needs: ['state'] }, async (t: Kit) => {
      for (const other of others) {
        for (const spell of [(name: string) => name, (name: string) => name.toUpperCase()]) {
          const name = t.names.name(`other-kind-${kindOf(other.create)}`);
          const held = await send(t, other.create, name);
          t.ensure(held.status === 201, `${other.create} ${JSON.stringify(name)} answered ${held.status ?? 'nothing'}; expected 201`, { evidence: held.exchange });
          const made = await send(t, named.create, spell(name));
          t.verify(made.status === 201 && made.name === spell(name), `${named.create} ${JSON.stringify(spell(name))}, a name only a ${kindOf(other.create)} has, answered ${made.status ?? 'nothing'} with name ${JSON.stringify(made.name)}; expected 201 with it: a name is unique among the ${kindOf(named.create)}s only`, { evidence: made.exchange });
        }
      }
    });
  });

  forOperation(named.rename, (test) => {
    test(`renames a ${kindOf(named.create)} to a name only a ${others.map((other) => kindOf(other.create)).join(' or ')} has, in any letter case: names are unique per kind`, { check: 'conflict_detection', rules: ['names.unique-any-case', 'requests.valid-input-accepted', 'resources.update-kept'], needs: ['state'] }, async (t: Kit) => {
      for (const other of others) {
        const own = await send(t, named.create, t.names.name('own'));
        t.ensure(own.status === 201 && own.id !== undefined, `${named.create} answered ${own.status ?? 'nothing'}; expected 201`, { evidence: own.exchange });
        for (const spell of [(name: string) => name, (name: string) => name.toUpperCase()]) {
          const name = t.names.name(`other-kind-${kindOf(other.create)}`);
          const held = await send(t, other.create, name);
          t.ensure(held.status === 201, `${other.create} ${JSON.stringify(name)} answered ${held.status ?? 'nothing'}; expected 201`, { evidence: held.exchange });
          const renamed = await send(t, named.rename, spell(name), own.id);
          if (!t.verify(renamed.status === 200 && renamed.name === spell(name), `${named.rename} to ${JSON.stringify(spell(name))}, a name only a ${kindOf(other.create)} has, answered ${renamed.status ?? 'nothing'} with name ${JSON.stringify(renamed.name)}; expected 200 with it: a name is unique among the ${kindOf(named.create)}s only`, { evidence: renamed.exchange })) continue;
          const read = await t.call(reader, { ids: { id: own.id! } });
          const stored = (read.json as { name?: unknown } | undefined)?.name;
          t.verify(stored === spell(name), `after ${named.rename} to ${JSON.stringify(spell(name))}, ${reader.operationId} shows name ${JSON.stringify(stored)}`, { evidence: read.exchange, rules: ['resources.update-kept'] });
        }
      }
    });
  });
}
