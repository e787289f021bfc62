/**
 * Every generated case of one operation for the single-request phases, derived from the contract and
 * the seed alone: the same document and seed give the same cases, in the same order, with the same ids.
 */
import type { ContractDocument, OperationInfo } from '../contract/document.ts';
import { baseBody } from './base-body.ts';
import { boundaryCases } from './boundaries.ts';
import { exampleCases } from './examples.ts';
import type { GeneratedCase, GeneratedPhase } from './model.ts';
import { negativeCases } from './negative.ts';

export type CasePhase = Extract<GeneratedPhase, 'examples' | 'boundaries' | 'negative'>;

export function casesFor(contract: ContractDocument, operation: OperationInfo, phase: CasePhase, seed: number): GeneratedCase[] {
  const base = baseBody(contract, operation, seed);
  switch (phase) {
    case 'examples':
      return exampleCases(contract, operation);
    case 'boundaries':
      return boundaryCases(contract, operation, base, seed);
    case 'negative':
      return negativeCases(contract, operation, base);
  }
}
