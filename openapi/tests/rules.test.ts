/**
 * The rule catalogue (`x-rules`): every rule has a well-formed, unique id and one sentence; a rule that
 * cannot be checked from outside says why; the docs page shows every rule next to what it governs.
 */
import { describe, expect, it } from 'vitest';
import { catalogueProblems, contractRules } from '../rules.ts';
import { withRulesInDescriptions } from '../../scripts/docs.ts';
import { document } from './document.ts';

const copy = () => structuredClone(document);

describe('the rule catalogue of the contract', () => {
  it('is sound: ids present, well formed and unique; sentences; reasons exactly where a rule is not checkable', () => {
    expect(catalogueProblems(document)).toEqual([]);
  });

  it('has rules on info, on operations and for every core operation', () => {
    const rules = contractRules(document);
    expect(rules.some((rule) => rule.where === 'info')).toBe(true);
    // listEmails, the seventh core operation, is governed by the list rules of info.
    for (const core of ['createPost', 'sendEmail', 'createCategory', 'createSubscriber', 'createPage', 'updateNewsletter']) {
      expect(rules.some((rule) => rule.where === core), core).toBe(true);
    }
  });

  it('finds a missing id, a malformed id, a repeated id, a missing sentence and a missing reason', () => {
    const changed = copy();
    changed.info['x-rules'].push(
      { rule: 'No id.' },
      { id: 'NotDotted', rule: 'Bad id.' },
      { id: 'lists.newest-first', rule: 'Used twice.' },
      { id: 'lists.no-sentence' },
      { id: 'lists.no-reason', rule: 'Cannot be checked.', checkable: false },
      { id: 'lists.stray-reason', rule: 'Checkable.', reason: 'why' },
    );
    const problems = catalogueProblems(changed).join('\n');
    expect(problems).toContain('no id');
    expect(problems).toContain('"NotDotted" is not dotted');
    expect(problems).toContain('"lists.newest-first" is already used in info');
    expect(problems).toContain('(lists.no-sentence): the rule is not a sentence');
    expect(problems).toContain('(lists.no-reason): not checkable, but no reason');
    expect(problems).toContain('(lists.stray-reason): a reason belongs only');
  });

  it('is written into the descriptions the docs page renders, each rule next to what it governs', () => {
    const rendered = withRulesInDescriptions(document);
    expect(rendered.info.description).toContain('## Rules');
    for (const rule of contractRules(document)) {
      const description: string =
        rule.where === 'info'
          ? rendered.info.description
          : rule.pointer
              .split('/')
              .slice(1)
              .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
              .reduce((node: Record<string, unknown>, key) => node[key] as Record<string, unknown>, rendered).description;
      expect(description, rule.id).toContain(`\`${rule.id}\`: ${rule.rule}`);
    }
    // The bundle itself is left as the contract wrote it.
    expect(document.info.description).not.toContain('## Rules');
  });
});
