/** The thread markdown-pool.ts renders Markdown in: one message in, one rendering out. */
import { parentPort } from 'node:worker_threads';
import { renderMarkdown } from './markdown.ts';

export interface RenderRequest {
  id: number;
  markdown: string;
}

// Loaded, and warmed up with a first rendering: the pool starts a rendering's clock from here, so
// the thread's start-up is not counted against the first Markdown it renders.
renderMarkdown('# Ready\n\n- *a* [b](c)');
parentPort!.postMessage({ ready: true });

parentPort!.on('message', ({ id, markdown }: RenderRequest) => {
  try {
    parentPort!.postMessage({ id, rendering: renderMarkdown(markdown) });
  } catch (error) {
    parentPort!.postMessage({ id, failed: error instanceof Error ? error.message : String(error) });
  }
});
