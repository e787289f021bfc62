/**
 * lists.same-items-any-size on the later pages of the shared top-level lists (pages, newsletters,
 * authors; see later-pages.ts): page 2, and page 3 where the list reaches it, at sizes spread over the
 * whole range, hold the items a read at the largest size shows at their positions. On a disposable
 * target pages and newsletters are filled past the largest page before the run (long-lists.ts); a list
 * shorter than a size has no page 2 at it, and that size is not judged.
 *
 * Other tests add to these lists while they are read (pages and newsletters are made, never deleted), so
 * the later pages are judged only between two reads at the largest size that agree, item for item and
 * in total; reads that another write overlapped are made again. A quiet try that disagrees is tried
 * again too (a change made and undone between the two reads cannot be seen), and a size fails only
 * after QUIET_DISAGREEMENTS quiet tries that all disagree.
 *
 * Cost, per try: the reference read twice (two or three requests at the largest size) and one or two
 * reads per size; a size judged is not read again.
 */
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { hasOwnParent, isList } from './populated.ts';
import { reach, readLaterPages, spreadSizes, type LaterPageVerdict } from './later-pages.ts';
import { maximumSize, sequenceDifference, walkList } from './walk.ts';

const { contract } = suiteContext();

const ATTEMPTS = 8;
const QUIET_DISAGREEMENTS = 3;

for (const operation of contract.operations.filter((candidate) => isList(contract, candidate) && !hasOwnParent(candidate))) {
  forOperation(operation.operationId, (test) => {
    test('shows on page 2 and 3, at sizes over the whole range, the items the largest size shows there', { check: 'pagination_arithmetic', rules: ['lists.same-items-any-size', 'lists.envelope-arithmetic'], needs: ['state'], timeoutMs: 120_000 }, async (t: Kit) => {
      const largest = maximumSize(t, operation);
      const sizes = spreadSizes(t, largest);
      const largestRead = { size: largest, limit: reach(sizes) };
      let pending = sizes;
      const agreed: number[] = [];
      /** Per size, the quiet tries that disagreed in a row, and the last wrong page. */
      const disagreeing = new Map<number, { tries: number; last: LaterPageVerdict }>();
      for (let attempt = 1; attempt <= ATTEMPTS && pending.length > 0; attempt++) {
        if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        const before = await walkList(t, operation, {}, largestRead);
        t.ensure(before.problem === undefined, before.problem ?? '', { evidence: before.exchange });
        // A size the list does not fill a page 1 of has no page 2 to read.
        const judged = pending.filter((size) => size < before.items.length);
        if (judged.length === 0) break;
        const verdicts = await readLaterPages(t, operation, {}, before, judged);
        const broken = verdicts.find((verdict) => verdict.broken);
        t.ensure(broken === undefined, broken?.difference ?? '', { evidence: broken?.exchange });
        const after = await walkList(t, operation, {}, largestRead);
        t.ensure(after.problem === undefined, after.problem ?? '', { evidence: after.exchange });
        if (sequenceDifference(before.items, after.items) !== undefined || before.total !== after.total) continue;
        for (const size of judged) {
          const wrong = verdicts.find((verdict) => verdict.size === size && verdict.difference !== undefined);
          if (wrong) disagreeing.set(size, { tries: (disagreeing.get(size)?.tries ?? 0) + 1, last: wrong });
          else agreed.push(size);
        }
        pending = pending.filter((size) => !agreed.includes(size) && (disagreeing.get(size)?.tries ?? 0) < QUIET_DISAGREEMENTS);
      }
      for (const [size, { tries, last }] of disagreeing) {
        if (agreed.includes(size) || tries < QUIET_DISAGREEMENTS) continue;
        if (!t.verify(false, `${last.difference} (in each of ${tries} tries between two reads at size ${largest} that agreed)`, { evidence: last.exchange })) return;
      }
      if (agreed.length === 0) {
        t.notApplicable(`no page 2 at any of the sizes ${sizes.join(', ')} was read between two agreeing reads at size ${largest} (the list is shorter, or changed during every try)`);
      }
    });
  });
}
