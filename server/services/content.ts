/** The HTML a post or an email stores, given what a request sent. */
import type { MarkdownRenderer, RenderJob } from '../domain/markdown-pool.ts';
import { problems } from '../http/problem.ts';

/** The HTML to store: a string, `null` to clear it, `undefined` to leave it as it is. */
export type ContentHtml = string | null | undefined;

/**
 * Explicit HTML wins; otherwise Markdown is rendered (off the event loop), or refused with a 422
 * naming `content_md`; `undefined` means neither was sent, so the stored content stays as it is.
 */
export async function contentHtmlFrom(
  markdown: MarkdownRenderer,
  input: { content_html?: string | null; content_md?: string | null },
  job?: RenderJob,
): Promise<ContentHtml> {
  if (input.content_html !== undefined && input.content_html !== null) return input.content_html;
  if (input.content_md !== undefined && input.content_md !== null) {
    const rendering = await markdown.render(input.content_md, job);
    if ('refused' in rendering) throw problems.invalidField('content_md', rendering.refused);
    return rendering.html;
  }
  // An explicit `content_html: null` clears the content; `content_md: null` alone leaves the HTML as is.
  return input.content_html === null ? null : undefined;
}
