/**
 * Proof that rule coverage means something: a rule counts as proven when a deliberate fault (of the
 * reference server, or of the fault proxy) breaks it and the suite's run against that fault shows the
 * rule failed (asserted by reference-server.test.ts, faults.test.ts and, for what only a 429 shows,
 * rate-limit-probe.test.ts). Checkable rules no fault breaks
 * yet are listed here by name, so the list can only shrink on purpose; each needs a fault.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../contract/document.ts';
import { contractRules } from '../../openapi/rules.ts';
import { FAULTS } from './faults/catalog.ts';
import { HOSTILE_FAULTS } from './hostile-faults.ts';
import { RATE_LIMIT_FAULT_CASES } from './rate-limit-faults.ts';
import { SERVER_FAULT_CASES } from './server-faults.ts';

/**
 * Checkable rules of the contract that no deliberate fault breaks yet: none. A rule added to the
 * catalogue comes with its fault, or is listed here until it has one.
 */
const NOT_YET_PROVEN: string[] = [];

const rules = contractRules(loadContract().document);
const proven = new Set([...[...FAULTS, ...SERVER_FAULT_CASES, ...HOSTILE_FAULTS, ...RATE_LIMIT_FAULT_CASES].flatMap((fault) => fault.breaks)]);

describe('proof that the checks of each rule can fail', () => {
  it('names only rules the contract has', () => {
    const known = new Set(rules.map((rule) => rule.id));
    expect([...proven].filter((id) => !known.has(id))).toEqual([]);
    expect(NOT_YET_PROVEN.filter((id) => !known.has(id))).toEqual([]);
  });

  it('has a fault for every checkable rule, except those listed as not yet proven', () => {
    const unproven = rules.filter((rule) => rule.notCheckable === undefined && !proven.has(rule.id)).map((rule) => rule.id);
    expect(unproven.sort()).toEqual([...NOT_YET_PROVEN].sort());
  });

  it('breaks no rule that the catalogue marks not checkable', () => {
    expect(rules.filter((rule) => rule.notCheckable !== undefined && proven.has(rule.id)).map((rule) => rule.id)).toEqual([]);
  });
});
