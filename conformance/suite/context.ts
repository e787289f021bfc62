/**
 * What every test file of the suite shares inside its worker: the run's options and fixtures (provided by
 * the CLI and the global setup), the contract and its validator, and the redactor for tokens.
 */
import { inject } from 'vitest';
import { loadContract, type ContractDocument, type OperationInfo } from '../contract/document.ts';
import { statedProblemTitles } from '../contract/problem-examples.ts';
import { ContractValidator } from '../contract/validator.ts';
import { writeOnlyFieldsByTag } from '../contract/write-only.ts';
import { CreatedAnswers } from './created-answers.ts';
import { FixedFields } from './fixed-fields.ts';
import { ProblemTitles } from './problem-titles.ts';
import { RemainingRequests } from './remaining-requests.ts';
import { UploadUrls } from './upload-urls.ts';
import { ratePolicyFor, type RatePolicy } from '../http/rate-limit.ts';
import { redactorFor, type Redactor } from '../http/redact.ts';
import type { RunOptions, SharedFixtures } from '../run-options.ts';

export interface SuiteContext {
  options: RunOptions;
  fixtures: SharedFixtures;
  contract: ContractDocument;
  validator: ContractValidator;
  /** The fields each tag's requests may write and its answers never show (write_only_fields_hidden). */
  writeOnlyFields: Map<string, Set<string>>;
  /** What this worker's answers showed of each resource's fixed fields (fixed_fields). */
  fixedFields: FixedFields;
  /** The ids this worker's creates answered, per parent, to judge each 201 as a new resource (crud_agreement). */
  createdAnswers: CreatedAnswers;
  /** The RateLimit answers this worker has seen, to compare each with those sent before it (header_values). */
  remainingRequests: RemainingRequests;
  /** The URLs this worker's uploads were answered, each with its upload (upload_url_own). */
  uploadUrls: UploadUrls;
  /** The contract's title of each problem type, and the first title this worker's answers gave each, with its answer (problem_title_per_type). */
  problemTitles: ProblemTitles;
  redact: Redactor;
  /** This worker's pacing (its share of --max-rate) and 429 retries. */
  rate: RatePolicy;
}

let context: SuiteContext | undefined;

export function suiteContext(): SuiteContext {
  if (!context) {
    const options = inject('conformanceOptions');
    if (!options) throw new Error('The conformance suite runs through its CLI: npm run conformance -- --base-url URL --token TOKEN');
    const contract = loadContract(options.specPath);
    context = {
      options,
      fixtures: inject('conformanceFixtures') ?? { missing: {}, authorWritable: false },
      contract,
      validator: new ContractValidator(contract),
      writeOnlyFields: writeOnlyFieldsByTag(contract),
      fixedFields: new FixedFields(),
      createdAnswers: new CreatedAnswers(),
      remainingRequests: new RemainingRequests(),
      uploadUrls: new UploadUrls(),
      problemTitles: new ProblemTitles(statedProblemTitles(contract.document)),
      redact: redactorFor(options),
      rate: ratePolicyFor(options),
    };
  }
  return context;
}

/**
 * The contract's operations `--include` selects, in the contract's order. The generated phases derive
 * their cases from these only: each operation's cases depend on the contract and the seed alone, so
 * deriving the others' too (most of a small run's CPU) would only produce tests forOperation drops.
 */
export function includedOperations(): OperationInfo[] {
  const { contract, options } = suiteContext();
  return contract.operations.filter((operation) => isIncluded(options, operation.operationId));
}

/** Whether `--include` selects this operation (no `--include` selects all). */
export function isIncluded(options: RunOptions, operationId: string): boolean {
  return options.include.length === 0 || options.include.includes(operationId);
}
