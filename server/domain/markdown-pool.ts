/**
 * Renders Markdown off the event loop. markdown-it is linear in its input, but half a megabyte of
 * the worst Markdown still takes seconds, and no request may hold up every other client that long.
 * So renderings run, one at a time each, in a few worker threads; the event loop only passes text.
 *
 * Each rendering is bounded: a worker that runs longer than `timeoutMs`, or needs more memory
 * than `heapMb`, is ended (and replaced on the next rendering) and the Markdown refused. Only
 * Markdown no renderer should be asked to render gets there: every known pathological input takes
 * a few seconds at most on a busy machine.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Rendering } from './markdown.ts';

/** Whose rendering it is, and whether its client still waits for it. */
export interface RenderJob {
  workspace: number;
  /** Aborted when the client has gone: a rendering not started yet is dropped. */
  signal?: AbortSignal;
}

export interface MarkdownRenderer {
  /** The HTML of the Markdown, or why it is refused. */
  render(markdown: string, job?: RenderJob): Promise<Rendering>;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Worker threads; by default one per core the event loop does not use, at least one, at most four. */
  threads?: number;
  timeoutMs?: number;
  heapMb?: number;
}

type Reply = { ready: true } | ({ id: number } & ({ rendering: Rendering } | { failed: string }));

interface Job {
  id: number;
  markdown: string;
  resolve(rendering: Rendering): void;
  reject(error: Error): void;
}

// Compiled (build/, scripts/build.mjs, as `npm start` runs), the worker is the compiled file next to
// this one. Loaded from source (the tests' in-process servers), it is TypeScript: it loads through
// tsx's loader, registered in the thread itself, so it starts the same under any runner.
const compiled = !import.meta.url.endsWith('.ts');
const workerFile = new URL(`./markdown-worker.${compiled ? 'js' : 'ts'}`, import.meta.url).href;
const bootstrap = compiled
  ? `import(${JSON.stringify(workerFile)})`
  : `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(workerFile)}); })`;

class Thread {
  readonly worker: Worker;
  job: Job | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ready = false;
  dead = false;

  constructor(private readonly options: Required<PoolOptions>, private readonly onIdle: (thread: Thread) => void) {
    this.worker = new Worker(bootstrap, { eval: true, resourceLimits: { maxOldGenerationSizeMb: options.heapMb } });
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        this.ready = true;
        if (this.job) this.start(this.job);
        return;
      }
      this.settle((job) => ('failed' in reply ? job.reject(new Error(reply.failed)) : job.resolve(reply.rendering)));
    });
    this.worker.on('error', (error) => {
      // ERR_WORKER_OUT_OF_MEMORY: the Markdown needed more memory than a rendering may have.
      const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.dead = true;
      this.settle((job) => (outOfMemory ? job.resolve({ refused: 'needs too much memory to render' }) : job.reject(error)));
    });
    this.worker.on('exit', () => {
      this.dead = true;
      this.settle((job) => job.reject(new Error('The Markdown worker stopped.')));
    });
  }

  run(job: Job): void {
    this.job = job;
    if (this.ready) this.start(job);
  }

  private start(job: Job): void {
    this.timer = setTimeout(() => {
      this.dead = true;
      this.settle((current) => current.resolve({ refused: `takes longer than ${this.options.timeoutMs / 1000} s to render` }));
      void this.worker.terminate();
    }, this.options.timeoutMs);
    this.worker.postMessage({ id: job.id, markdown: job.markdown });
  }

  private settle(answer: (job: Job) => void): void {
    const job = this.job;
    if (!job) return;
    this.job = undefined;
    clearTimeout(this.timer);
    answer(job);
    this.onIdle(this);
  }
}

export class MarkdownPool implements MarkdownRenderer {
  private readonly options: Required<PoolOptions>;
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: PoolOptions = {}) {
    this.options = {
      threads: options.threads ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
      timeoutMs: options.timeoutMs ?? 20_000,
      heapMb: options.heapMb ?? 256,
    };
  }

  /** How many renderings run at once. */
  get threadCount(): number {
    return this.options.threads;
  }

  render(markdown: string): Promise<Rendering> {
    if (this.closed) return Promise.reject(new Error('The Markdown renderer is closed.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, markdown, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The Markdown renderer is closed.'));
    await Promise.all(this.threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  /** Hands queued renderings to idle threads, starting threads (again) as needed. */
  private dispatch(): void {
    for (let i = this.threads.length - 1; i >= 0; i--) if (this.threads[i]!.dead && !this.threads[i]!.job) this.threads.splice(i, 1);
    while (this.queue.length > 0) {
      let idle = this.threads.find((thread) => !thread.dead && !thread.job);
      if (!idle && this.threads.length < this.options.threads) {
        idle = new Thread(this.options, () => this.dispatch());
        this.threads.push(idle);
      }
      if (!idle) return;
      idle.run(this.queue.shift()!);
    }
  }
}
