/**
 * The reference server's deliberate faults for the hostile inputs (one bug each, re-created in the
 * fixed server), with the operations that show each and the checks of which at least one must fail.
 */
import type { FaultName } from '../../server/faults/catalog.ts';

export interface HostileFault {
  fault: FaultName;
  include: string[];
  caughtBy: string[];
  /** The contract rules it breaks: the run against it must show each of them failed. */
  breaks: string[];
  /** A fault that crashes or stalls the server runs it in a process of its own. */
  ownProcess?: boolean;
  /** The case needs a second workspace. */
  token2?: boolean;
}

export const HOSTILE_FAULTS: HostileFault[] = [
  { fault: 'errors-unbounded', include: ['createNewsletter'], caughtBy: ['negative_data_rejection', 'response_schema_conformance'], breaks: ['requests.bounded-cost'] },
  { fault: 'lone-surrogates-stored', include: ['createCategory'], caughtBy: ['negative_data_rejection', 'failed_write_leaves_nothing'], breaks: ['requests.well-formed-text'] },
  { fault: 'control-characters-accepted', include: ['createCategory'], caughtBy: ['negative_data_rejection', 'failed_write_leaves_nothing'], breaks: ['requests.text-without-control-characters'] },
  { fault: 'invalid-utf8-replaced', include: ['createNewsletter'], caughtBy: ['negative_data_rejection'], breaks: ['requests.well-formed-text'] },
  { fault: 'any-charset', include: ['createNewsletter'], caughtBy: ['negative_data_rejection'], breaks: ['requests.json-content-type'] },
  { fault: 'bad-encoding-500', include: ['createNewsletter'], caughtBy: ['not_a_server_error'], breaks: ['requests.content-encoding'] },
  { fault: 'any-multipart', include: ['uploadImage'], caughtBy: ['negative_data_rejection'], breaks: ['image.form-data-only'] },
  { fault: 'late-413', include: ['createNewsletter'], caughtBy: ['negative_data_rejection'], breaks: ['requests.body-size-limit'] },
  // From outside, this fault shows as the lone surrogates it lets through: both SQLite drivers store
  // them as U+FFFD, so what is written stays readable and the accepted input is what fails.
  { fault: 'commit-unreadable-write', include: ['createCategory'], caughtBy: ['negative_data_rejection', 'failed_write_leaves_nothing', 'not_a_server_error'], breaks: ['requests.well-formed-text'] },
  { fault: 'markdown-unbounded', include: ['createPost'], caughtBy: ['stays_responsive'], breaks: ['requests.bounded-cost'], ownProcess: true },
  { fault: 'lax-numbers', include: ['getNewsletter', 'listNewsletters'], caughtBy: ['negative_data_rejection'], breaks: ['requests.whole-numbers'] },
  { fault: 'head-405', include: ['getNewsletter'], caughtBy: ['status_code_conformance'], breaks: ['http.head'] },
  { fault: 'ascii-case-folding', include: ['createNewsletter'], caughtBy: ['conflict_detection'], breaks: ['names.unique-any-case'] },
  { fault: 'domain-leak', include: ['createPage'], caughtBy: ['workspace_isolation'], breaks: ['auth.workspace-scope'], token2: true },
  // The forty-fifth look's, caught by the hostile phase alone: a DELETE declaring a body past the limit.
  { fault: 'post-delete-declared-length-ignored', include: ['deletePost'], caughtBy: ['negative_data_rejection'], breaks: ['requests.body-size-limit'] },
];
