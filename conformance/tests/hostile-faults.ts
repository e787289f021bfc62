/**
 * The reference server's deliberate faults for the hostile inputs (one bug each, re-created in the
 * fixed server), with the operations that show each and the checks of which at least one must fail.
 *
 * The server learns these faults when its hostile-input fixes land; until `server/faults/catalog.ts`
 * names a fault, its proof is skipped, and once it does the proof runs by itself. The clean server is
 * held to the hostile phase once it knows them all: before that it still has the bugs they re-create.
 */
import { isFaultName } from '../../server/faults/catalog.ts';

export interface HostileFault {
  fault: string;
  include: string[];
  caughtBy: string[];
  /** A fault that crashes or stalls the server runs it in a process of its own. */
  ownProcess?: boolean;
  /** The case needs a second workspace. */
  token2?: boolean;
}

export const HOSTILE_FAULTS: HostileFault[] = [
  { fault: 'errors-unbounded', include: ['createNewsletter'], caughtBy: ['negative_data_rejection', 'response_schema_conformance'] },
  { fault: 'lone-surrogates-stored', include: ['createCategory'], caughtBy: ['negative_data_rejection', 'failed_write_leaves_nothing'] },
  { fault: 'invalid-utf8-replaced', include: ['createNewsletter'], caughtBy: ['negative_data_rejection'] },
  { fault: 'any-charset', include: ['createNewsletter'], caughtBy: ['negative_data_rejection'] },
  { fault: 'bad-encoding-500', include: ['createNewsletter'], caughtBy: ['not_a_server_error'] },
  { fault: 'any-multipart', include: ['uploadImage'], caughtBy: ['negative_data_rejection'] },
  { fault: 'late-413', include: ['createNewsletter'], caughtBy: ['negative_data_rejection'] },
  // From outside, this fault shows as the lone surrogates it lets through: both SQLite drivers store
  // them as U+FFFD, so what is written stays readable and the accepted input is what fails.
  { fault: 'commit-unreadable-write', include: ['createCategory'], caughtBy: ['negative_data_rejection', 'failed_write_leaves_nothing', 'not_a_server_error'] },
  { fault: 'markdown-unbounded', include: ['createPost'], caughtBy: ['stays_responsive'], ownProcess: true },
  { fault: 'lax-numbers', include: ['getNewsletter', 'listNewsletters'], caughtBy: ['negative_data_rejection'] },
  { fault: 'head-405', include: ['getNewsletter'], caughtBy: ['status_code_conformance'] },
  { fault: 'ascii-case-folding', include: ['createNewsletter'], caughtBy: ['conflict_detection'] },
  { fault: 'domain-leak', include: ['createPage'], caughtBy: ['workspace_isolation'], token2: true },
];

export const knowsFault = (fault: string): boolean => isFaultName(fault);

/** Whether the reference server has its hostile-input fixes (it knows every fault that re-creates a bug). */
export const serverHasHostileFixes = (): boolean => HOSTILE_FAULTS.every(({ fault }) => knowsFault(fault));
