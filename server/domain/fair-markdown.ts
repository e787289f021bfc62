/**
 * The Markdown renderer behind a fair, bounded admission (http/admission.ts): renderings run as many
 * at a time as the pool has threads; the others wait in one queue per workspace, served in turn, so
 * a workspace's slow renderings delay another workspace's by at most one rendering. At most
 * `WAITING_PER_WORKSPACE` renderings of a workspace and `WAITING_TOTAL` in all wait (each holds its
 * Markdown, up to a megabyte, in memory); past that, or after `MAX_WAIT_MS`, the request is refused
 * with a 503 and a Retry-After from the recent rendering times. A rendering whose client has gone is
 * dropped from the queue, and one already running is thrown away when it ends: nothing is stored for
 * a client that is not there to be told.
 */
import { FairAdmission } from '../http/admission.ts';
import type { Rendering } from './markdown.ts';
import type { MarkdownPool, MarkdownRenderer, RenderJob } from './markdown-pool.ts';

export const WAITING_PER_WORKSPACE = 8;
export const WAITING_TOTAL = 32;
export const MAX_WAIT_MS = 30_000;

export class FairMarkdown implements MarkdownRenderer {
  private readonly admission: FairAdmission<number>;
  /** Recent rendering time in ms, smoothed: what Retry-After is estimated from. */
  private averageMs = 200;

  constructor(private readonly pool: Pick<MarkdownPool, 'threadCount' | 'render' | 'close'>) {
    const threads = pool.threadCount;
    this.admission = new FairAdmission<number>({
      what: 'Markdown rendering',
      running: threads,
      runningPerKey: threads,
      waitingPerKey: WAITING_PER_WORKSPACE,
      waitingTotal: WAITING_TOTAL,
      maxWaitMs: MAX_WAIT_MS,
      retryAfterSeconds: () => {
        const { running, waiting } = this.admission.load;
        return Math.min(60, Math.max(1, Math.ceil((((running + waiting) / threads) * this.averageMs) / 1000)));
      },
    });
  }

  get load() {
    return this.admission.load;
  }

  async render(markdown: string, job: RenderJob = { workspace: 0 }): Promise<Rendering> {
    const release = await this.admission.acquire(job.workspace, job.signal);
    const started = performance.now();
    try {
      const rendering = await this.pool.render(markdown);
      job.signal?.throwIfAborted();
      return rendering;
    } finally {
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      release();
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
