/** The thread markdown-pool.ts renders Markdown in: one message in, one rendering out. */
import { parentPort } from 'node:worker_threads';
import { renderMarkdown } from './markdown.ts';

export interface RenderRequest {
  id: number;
  markdown: string;
}

parentPort!.on('message', ({ id, markdown }: RenderRequest) => {
  try {
    parentPort!.postMessage({ id, rendering: renderMarkdown(markdown) });
  } catch (error) {
    parentPort!.postMessage({ id, failed: error instanceof Error ? error.message : String(error) });
  }
});
