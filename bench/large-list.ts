/**
 * listEmails on a newsletter with a million emails against an empty one, on the first page, the
 * middle page and the last page of the million. The middle is the deepest page from either end.
 */
import type { ServerProcess } from '../server/tests/processes.ts';
import { runLoad, serverTarget, type LoadResult } from './load.ts';
import type { LoadSettings } from './throughput.ts';

export interface ListLatency {
  label: string;
  full: LoadResult;
  empty: LoadResult;
}

export async function measureLargeList(
  server: ServerProcess,
  token: string,
  ids: { full: number; empty: number },
  emails: number,
  settings: LoadSettings,
): Promise<ListLatency[]> {
  const prefix = new URL(server.baseUrl).pathname;
  const size = 10;
  const run = (newsletterId: number, page: number) =>
    runLoad({
      ...settings,
      ...serverTarget(server),
      // A deep page under 32 connections queues for seconds: measure it rather than drop it.
      timeoutSeconds: 60,
      request: { method: 'GET', path: `${prefix}/newsletters/${newsletterId}/emails?page=${page}&size=${size}`, headers: { Authorization: `Bearer ${token}` } },
    });
  const lastPage = Math.ceil(emails / size);
  const middlePage = Math.ceil(lastPage / 2);
  const pages = [
    ['first page', 1],
    [`page ${middlePage} (the middle)`, middlePage],
    [`page ${lastPage} (the last)`, lastPage],
  ] as const;
  const results: ListLatency[] = [];
  for (const [label, page] of pages) {
    results.push({ label, full: await run(ids.full, page), empty: await run(ids.empty, page) });
  }
  return results;
}
