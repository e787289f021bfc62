/**
 * names.unique-any-case across a rename, for every resource whose names are unique in a workspace
 * (pages and newsletters, as the rule says):
 *
 * - after a rename the old name is free (a new resource may take it) and the new one is taken (a create
 *   with it, in other letter case, is a `409`): a server that checks names on a key it forgets to move
 *   keeps the old name taken and lets the new one be used twice;
 * - a rename to its own name in other letter case, or in another Unicode form (the rule compares names
 *   after NFKC), is accepted and stores the new spelling: a server that checks the new name against
 *   every resource of the workspace, the renamed one included, finds its own name taken;
 * - with `--token2`: a rename to a name only the other workspace uses is accepted, in either order, as a
 *   create with it is, and the slugs the rename derives from the name (the fields the contract derives from
 *   it, see changed-values.ts) are those the first workspace got for it, where it was new: no
 *   uniqueness suffix for a name only another workspace uses.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { verifyConflictType } from '../conflicts.ts';
import { jsonBody } from '../../http/exchange.ts';
import { UNIQUELY_NAMED } from './unique-named.ts';
import { freedBy } from './changed-values.ts';

const { contract } = suiteContext();

/** Sends a create or rename with the token given (the run's own when none). */
async function send(t: Kit, operationId: string, name: string, options: { id?: number; token?: string } = {}) {
  const { status, json, exchange } = await t.call(contract.operation(operationId), {
    ids: options.id === undefined ? {} : { id: options.id },
    body: { name },
    authorization: options.token === undefined ? undefined : `Bearer ${options.token}`,
  });
  const body = json as Record<string, unknown> | undefined;
  return { status, id: body?.id as number | undefined, body, exchange };
}

for (const { create, rename, renameSlugRule } of UNIQUELY_NAMED) {
  const derived = freedBy(['name']).filter((field) => field !== 'name');
  forOperation(rename, (test) => {
    test('frees the old name and takes the new one, in any letter case; the old name derives its first name_slug again', { check: 'conflict_detection', rules: ['names.unique-any-case', renameSlugRule], needs: ['state'] }, async (t: Kit) => {
      const oldName = t.names.name('old');
      const newName = t.names.name('new');
      const made = await send(t, create, oldName);
      t.ensure(made.status === 201 && made.id !== undefined, `${create} ${JSON.stringify(oldName)} answered ${made.status ?? 'nothing'}; expected 201`, { evidence: made.exchange });
      const renamed = await send(t, rename, newName, { id: made.id });
      t.ensure(renamed.status === 200, `${rename} to ${JSON.stringify(newName)} answered ${renamed.status ?? 'nothing'}; expected 200`, { evidence: renamed.exchange });
      const reused = await send(t, create, oldName);
      t.verify(reused.status === 201, `${create} ${JSON.stringify(oldName)}, the name before the rename, answered ${reused.status ?? 'nothing'}; expected 201: no other resource has it now`, { evidence: reused.exchange });
      // What follows the name moved with it, so the old name derives again what it derived first: a
      // server that keeps the old name_slug held (a former name's slug) answers it with a suffix.
      for (const field of reused.status === 201 ? derived : []) {
        const [first, again] = [made.body?.[field], reused.body?.[field]];
        t.verify(again === first, `${create} ${JSON.stringify(oldName)} after the resource that had it was renamed answered ${field} ${JSON.stringify(again)}; the name derived ${JSON.stringify(first)} when it was first made, and the rename took that ${field} away with the name`, { evidence: reused.exchange, rules: [renameSlugRule] });
      }
      const taken = await send(t, create, newName.toUpperCase());
      t.verify(taken.status === 409, `${create} ${JSON.stringify(newName.toUpperCase())}, the new name in other letter case, answered ${taken.status ?? 'nothing'}; expected 409`, { evidence: taken.exchange });
      verifyConflictType(t, taken.exchange, 'name-taken', `${create} of a name already used`);
    });

    test('renames to its own name in other letter case and in another Unicode form: accepted, the new spelling stored', { check: 'conflict_detection', rules: ['resources.rewrite-accepted', 'names.unique-any-case'], needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      // Letters that case-fold and normalise (ß to SS, é composed or as e and its mark): every spelling
      // below is the same name as the first, compared after NFKC and full case folding.
      const own = `${t.names.name('own')} Café Straße`;
      const made = await send(t, create, own);
      t.ensure(made.status === 201 && made.id !== undefined, `${create} ${JSON.stringify(own)} answered ${made.status ?? 'nothing'}; expected 201`, { evidence: made.exchange });
      const reader = contract.operations.find((operation) => operation.method === 'GET' && operation.path === contract.operation(rename).path)!;
      const spellings = [
        { how: 'in capitals', name: own.toUpperCase() },
        { how: 'decomposed (NFD)', name: own.normalize('NFD') },
        { how: 'in lower case', name: own.toLowerCase() },
      ];
      for (const { how, name } of spellings) {
        const renamed = await send(t, rename, name, { id: made.id });
        t.verify(renamed.status === 200, `${rename} to its own name ${how}, ${JSON.stringify(name)}, answered ${renamed.status ?? 'nothing'}; expected 200: a name is never taken by the resource that holds it`, { evidence: renamed.exchange });
        if (renamed.status !== 200) continue;
        const answered = (jsonBody(renamed.exchange) as { name?: unknown } | undefined)?.name;
        t.verify(answered === name, `${rename} to its own name ${how} answered name ${JSON.stringify(answered)}; expected ${JSON.stringify(name)}, as sent`, { evidence: renamed.exchange });
        const read = await t.call(reader, { ids: { id: made.id } });
        const stored = (read.json as { name?: unknown } | undefined)?.name;
        t.verify(stored === name, `after ${rename} to its own name ${how}, ${reader.operationId} shows name ${JSON.stringify(stored)}; expected ${JSON.stringify(name)}, the new spelling`, { evidence: read.exchange });
      }
    });

    test('renames to a name only the other workspace uses, in either order: names are unique per workspace', { check: 'workspace_isolation', rules: ['names.unique-any-case', 'auth.workspace-scope', renameSlugRule], needs: ['state', 'token_validation'] }, async (t: Kit) => {
      if (!t.options.token2) return t.notApplicable('needs --token2, a token of a second workspace');
      const workspaces = [
        { who: 'the first workspace', token: t.options.token },
        { who: 'the second workspace', token: t.options.token2 },
      ];
      for (const [first, second] of [workspaces, [...workspaces].reverse()]) {
        const name = t.names.name('elsewhere');
        const used = await send(t, create, name, { token: first!.token });
        t.ensure(used.status === 201, `${first!.who}'s ${create} ${JSON.stringify(name)} answered ${used.status ?? 'nothing'}; expected 201`, { evidence: used.exchange });
        const own = await send(t, create, t.names.name('own'), { token: second!.token });
        t.ensure(own.status === 201 && own.id !== undefined, `${second!.who}'s ${create} answered ${own.status ?? 'nothing'}; expected 201`, { evidence: own.exchange });
        const renamed = await send(t, rename, name.toUpperCase(), { id: own.id, token: second!.token });
        if (!t.verify(renamed.status === 200, `${second!.who}'s ${rename} to ${JSON.stringify(name.toUpperCase())}, a name only ${first!.who} uses, answered ${renamed.status ?? 'nothing'}; expected 200`, { evidence: renamed.exchange })) continue;
        // The name is new in the second workspace: what it derives from it is the name's own slug, as the first got.
        for (const field of derived) {
          const [got, bare] = [renamed.body?.[field], used.body?.[field]];
          t.verify(got === bare, `${second!.who}'s ${rename} to ${JSON.stringify(name.toUpperCase())}, a name only ${first!.who} uses, answered ${field} ${JSON.stringify(got)}; ${first!.who} got ${JSON.stringify(bare)} for it where it was new, and the name is new in ${second!.who} too`, { evidence: renamed.exchange, rules: ['auth.workspace-scope', renameSlugRule] });
        }
      }
    });
  });
}
