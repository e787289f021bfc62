/**
 * A change of state the contract allows is accepted at the edges of the workspace too: updateAuthor lets
 * any author be made inactive ("An inactive author keeps their posts and emails"; the body's `active`
 * takes both values whatever the workspace holds: requests.valid-input-accepted), so every active
 * author of a workspace is made inactive in turn, the last one included, until the workspace has none
 * active; each answer is `200` with `active: false`, and `listAuthors?active=true` then holds nothing
 * (author.update-kept). Each is then made active again, the first from a workspace with no active
 * author, each `200` with `active: true`. A server with a rule of its own ("a workspace must keep
 * someone who can sign its posts") refuses the last one; a test that deactivates one author of several
 * never meets it.
 *
 * Authors cannot be created, so the edge is reached by changing authors the run did not make: the
 * --token2 workspace's, which the suite shares only on a disposable target (shared-author.ts
 * otherAuthorsShared), under their one lock, and every author is set back to what it was. The run's
 * own workspace is left alone: there the model phase changes authors other than the shared one
 * without a lock. Cost: two lists, each active author made inactive and active again, one list.
 */
import { forOperation } from '../harness.ts';
import type { Kit, RawResult } from '../kit.ts';
import { holdingOtherAuthors, otherAuthorsShared } from '../shared-author.ts';
import { authorsById } from './authors-by-id.ts';
import { changes, type Json } from './households.ts';

const RULES = ['requests.valid-input-accepted', 'author.update-kept', 'resources.patch-named-fields-only'];

forOperation('updateAuthor', (test) => {
  test("makes every active author of a workspace inactive in turn, its last active author included, and each active again from none: each 200 with only active changed", { check: 'crud_agreement', rules: RULES, needs: ['state'] }, async (t: Kit) => {
    const token = t.options.token2;
    if (!token) t.notApplicable('needs --token2: authors cannot be created, and the suite changes every author of a workspace only in the second one');
    if (!otherAuthorsShared(t)) t.notApplicable("changes every author of the --token2 workspace, which the run did not make: only with --disposable-target");
    const authorization = `Bearer ${token}`;
    const setActive = (id: number, active: boolean) => t.call(t.contract.operation('updateAuthor'), { ids: { id }, body: { active }, authorization });
    await holdingOtherAuthors(t, async () => {
      const original = await authorsById(t, token);
      const active = [...original.values()].filter((author) => author.active === true).sort((a, b) => (a.id as number) - (b.id as number));
      if (active.length === 0) t.notApplicable('the --token2 workspace has no active author to make inactive');
      const changed = new Set<number>();
      try {
        const verifyAnswer = (step: string, before: Json, answer: RawResult, value: boolean) => {
          const json = answer.json as Json | undefined;
          if (!t.verify(answer.status === 200 && json?.active === value, `${step} answered ${answer.status ?? 'nothing'} ${JSON.stringify(json)}; expected 200 with active ${value}: any author may be made inactive or active, whatever the workspace's other authors are`, { evidence: answer.exchange })) return;
          const moved = changes(before, json!, ['active', 'updated_at']);
          t.verify(moved.length === 0, `${step} answered ${moved.join('; ')}: a change of active changes only active`, { evidence: answer.exchange, rules: ['resources.patch-named-fields-only'] });
        };
        for (const [index, author] of active.entries()) {
          const id = author.id as number;
          const last = index === active.length - 1;
          const step = `updateAuthor {"active":false} of author ${id} of the --token2 workspace, ${last ? `its last active author (${active.length - 1} made inactive before)` : `one of its ${active.length - index} active authors`}`;
          changed.add(id);
          verifyAnswer(step, author, await setActive(id, false), false);
        }
        const { status, json, exchange } = await t.call(t.contract.operation('listAuthors'), { ids: {}, query: { active: 'true', page: 1, size: 100 }, authorization });
        const listed = ((json as { result?: Json[]; total?: number } | undefined)?.result ?? []).map((author) => author.id);
        t.verify(status === 200 && listed.length === 0 && (json as { total?: number }).total === 0, `after every active author of the --token2 workspace (${active.map((author) => author.id).join(', ')}) was made inactive, listAuthors?active=true answered ${status ?? 'nothing'} with [${listed.join(', ')}] (total ${String((json as { total?: number } | undefined)?.total)}); expected none: each change of active is kept`, { evidence: exchange, rules: ['author.update-kept'] });
        for (const [index, author] of [...active].reverse().entries()) {
          const id = author.id as number;
          const step = `updateAuthor {"active":true} of author ${id} of the --token2 workspace${index === 0 ? ', which had no active author' : ''}`;
          verifyAnswer(step, author, await setActive(id, true), true);
          changed.delete(id);
        }
      } finally {
        // Whatever the answers, every author changed is set back to what it was.
        await Promise.all([...changed].map((id) => setActive(id, original.get(id)!.active as boolean)));
      }
    });
  });
});
