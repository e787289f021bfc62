/**
 * The README is where an implementer learns what a check means: every check the suite reports is in its
 * table, and every option of the CLI is in its options table.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECK_NAMES } from '../checks/catalog.ts';
import { buildProgram } from '../cli/options.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('conformance/README.md', () => {
  it.each(CHECK_NAMES)('explains the check %s', (check) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${check}\` \\|`, 'm'));
  });

  it.each(buildProgram().options.map((option) => option.long!).filter((flag) => flag !== '--help'))('documents the option %s', (flag) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${flag}[ \`]`, 'm'));
  });
});
