/**
 * What the faults that misjudge Markdown's limits measure for themselves: how deep lists and block
 * quotes nest, with a parser of their own deep enough for one level past the limit (as the
 * reference's is), and whether a body renders its Markdown at all.
 */
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { MARKDOWN_MAX_DEPTH } from '../domain/markdown.ts';

/** Parses and renders as the reference does, taking Markdown one level past the limit and more. */
export const deepParser = new MarkdownIt({ html: true, linkify: true, maxNesting: 2 * MARKDOWN_MAX_DEPTH + 10 });

/** The deepest nesting of lists and block quotes among the tokens. */
export function containerDepth(tokens: readonly Token[]): number {
  let depth = 0;
  let deepest = 0;
  for (const token of tokens) {
    if (/^(bullet_list|ordered_list|blockquote)_open$/.test(token.type)) deepest = Math.max(deepest, ++depth);
    else if (/^(bullet_list|ordered_list|blockquote)_close$/.test(token.type)) depth -= 1;
  }
  return deepest;
}

/** Whether a body renders its Markdown (no HTML of its own given). */
export const rendersMarkdown = (input: { content_html?: string | null; content_md?: string | null }): input is { content_md: string; content_html?: null } =>
  typeof input.content_md === 'string' && input.content_html == null;
