/**
 * `npm run mock:stateful`: the reference server as a mock for front-end work. A throwaway database
 * full of demo content, every error state on demand with `Prefer`, ready for a browser (CORS) within
 * seconds; it prints the base URL and the two demo workspaces' tokens. Nothing is left behind: the
 * database and the images are in a temporary directory that goes when the process ends (Ctrl-C or
 * SIGTERM).
 */
import { rmSync } from 'node:fs';
import { startMock, type RunningMock } from './start.ts';

let mock: RunningMock | undefined;
let stopping = false;
/** Ctrl-C or SIGTERM, also while the mock is still starting: it stops once started, and cleans up. */
async function stop(): Promise<void> {
  stopping = true;
  if (!mock) return;
  const started = mock;
  mock = undefined;
  await started.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

mock = await startMock();
const { dataDir } = mock;
// Also when the process ends some other way (a crash): the database and the images go with it.
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
if (stopping) await stop();

/** The demo tokens are fixed and published (README): fine on loopback, worth a word anywhere else. */
const loopback = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(mock.config.host);

const lines = [
  '',
  `Publishing API mock   ${mock.baseUrl}`,
  `Docs                  ${mock.origin}/docs (the page \`npm run docs\` builds)`,
  `Data                  the database and images in ${mock.dataDir} (removed on exit)`,
  '',
  ...mock.workspaces.map((w) => `Workspace ${w.id}  ${w.name.padEnd(20)} token ${w.token}`),
  '',
  'A throwaway database, filled with demo content; emails due minutes from now are delivered as the time comes.',
  ...(loopback ? [] : [`HOST=${mock.config.host}: anyone who reaches this address can use these tokens, which are the same at every start.`]),
  'Ask for an error state: "Prefer: code=409" (any status the operation declares), "Prefer: delay=1500" (ms).',
  `Try: curl -H "Authorization: Bearer ${mock.workspaces[0]!.token}" ${mock.baseUrl}/pages/1/posts`,
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);
