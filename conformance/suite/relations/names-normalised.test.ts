/**
 * names.unique-any-case beyond letter case: the contract's introduction compares names "by Unicode full
 * case folding after NFKC normalisation", so a name that differs from a taken one only in its Unicode
 * form is the same name. For every resource of unique names, on create and on rename, each pair below
 * is sent in both orders (the taken name written one way, the new one the other): a server that
 * normalises only the name it receives, or folds letter case without normalising, keeps one of them apart.
 *
 * The pairs are those the contract's words call for: canonically equivalent forms (`é` as one letter
 * and as `e` with a combining accent) whenever it names NFC or NFKC, compatibility forms (full-width
 * letters) when it names NFKC, and a letter whose full case folding is two (`ß` and `SS`) when it
 * says full case folding. Each refused name must get the 409 `name-taken` an exact duplicate gets.
 *
 * What it leaves: each test makes a page or newsletter per pair (seven at most), named after the run.
 */
import { suiteContext } from '../context.ts';
import { verifyConflictType } from '../conflicts.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { UNIQUELY_NAMED } from './unique-named.ts';

const { contract } = suiteContext();

interface Spelling {
  /** What the two spellings differ by, for the report. */
  differ: string;
  one: string;
  other: string;
}

/** The spellings of one name the contract's comparison makes the same, from its own words. */
function equivalentSpellings(): Spelling[] {
  const description = String((contract.document as { info?: { description?: unknown } }).info?.description ?? '');
  const spellings: Spelling[] = [];
  if (/\bNFK?C\b/.test(description)) spellings.push({ differ: 'canonical equivalence (NFC and NFD)', one: 'caf\u00e9', other: 'cafe\u0301' });
  if (/\bNFKC\b/.test(description)) spellings.push({ differ: 'compatibility forms (NFKC: full-width letters)', one: 'weekly', other: '\uff57\uff45\uff45\uff4b\uff4c\uff59' });
  if (/full case folding/i.test(description)) spellings.push({ differ: 'full case folding (ß and SS)', one: 'stra\u00dfe', other: 'STRASSE' });
  return spellings.flatMap((spelling) => [spelling, { ...spelling, one: spelling.other, other: spelling.one }]);
}

const SPELLINGS = equivalentSpellings();

/** Two names of the run, the same but for `one` and `other` in the middle. */
function namePair(t: Kit, { one, other }: Spelling): { taken: string; equivalent: string } {
  const rest = t.names.name('n').slice(t.names.prefix.length);
  return { taken: `${t.names.prefix}${one}-${rest}`, equivalent: `${t.names.prefix}${other}-${rest}` };
}

/** Sends a create (no id) or a rename (an id) with this name: its status, the id it made, the exchange. */
async function send(t: Kit, operationId: string, name: string, id?: number) {
  const { status, json, exchange } = await t.call(contract.operation(operationId), { ids: id === undefined ? {} : { id }, body: { name } });
  return { status, id: (json as { id?: number } | undefined)?.id, exchange };
}

const show = (name: string) => JSON.stringify(name).replace(/[\u0080-\uffff]/g, (letter) => `\\u${letter.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Makes a resource with the pair's taken name; ends the test when the target refuses it. */
async function take(t: Kit, create: string, name: string): Promise<number> {
  const made = await send(t, create, name);
  t.ensure(made.status === 201 && made.id !== undefined, `${create} ${show(name)} answered ${made.status ?? 'nothing'}; expected 201`, { evidence: made.exchange });
  return made.id;
}

const RULES = ['names.unique-any-case'];

for (const { create, rename } of UNIQUELY_NAMED) {
  forOperation(create, (test) => {
    test('refuses a name that is a taken one in another Unicode form or case folding, as an exact duplicate', { check: 'conflict_detection', rules: RULES, needs: ['state'] }, async (t: Kit) => {
      if (SPELLINGS.length === 0) t.notApplicable('the contract names no Unicode normalisation or full case folding of names');
      for (const [index, spelling] of SPELLINGS.entries()) {
        const { taken, equivalent } = namePair(t, spelling);
        await take(t, create, taken);
        if (index === 0) {
          const exact = await send(t, create, taken);
          t.ensure(exact.status === 409, `${create} ${show(taken)} again, an exact duplicate, answered ${exact.status ?? 'nothing'}; expected 409`, { evidence: exact.exchange });
          verifyConflictType(t, exact.exchange, 'name-taken', `${create} of an exact duplicate`);
        }
        const again = await send(t, create, equivalent);
        t.verify(again.status === 409, `${create} ${show(equivalent)} answered ${again.status ?? 'nothing'}; expected 409: ${show(taken)} is taken, and the two differ only by ${spelling.differ}`, { evidence: again.exchange });
        verifyConflictType(t, again.exchange, 'name-taken', `${create} of a name taken in another spelling`);
      }
    });
  });

  forOperation(rename, (test) => {
    test('refuses a rename to a name that is a taken one in another Unicode form or case folding', { check: 'conflict_detection', rules: RULES, needs: ['state'] }, async (t: Kit) => {
      if (SPELLINGS.length === 0) t.notApplicable('the contract names no Unicode normalisation or full case folding of names');
      const own = await take(t, create, t.names.name('renamed'));
      for (const spelling of SPELLINGS) {
        const { taken, equivalent } = namePair(t, spelling);
        await take(t, create, taken);
        const renamed = await send(t, rename, equivalent, own);
        t.verify(renamed.status === 409, `${rename} to ${show(equivalent)} answered ${renamed.status ?? 'nothing'}; expected 409: ${show(taken)} is taken, and the two differ only by ${spelling.differ}`, { evidence: renamed.exchange });
        verifyConflictType(t, renamed.exchange, 'name-taken', `${rename} to a name taken in another spelling`);
      }
    });
  });
}
