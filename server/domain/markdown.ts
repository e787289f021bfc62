/** Markdown (CommonMark with GitHub extensions) to HTML, for `content_md` given without `content_html`. */
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, async: false });

export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

/**
 * The HTML to store, given what a request sent: explicit HTML wins; otherwise Markdown is rendered;
 * `undefined` means neither was sent, so the stored content stays as it is.
 */
export function contentHtmlFrom(input: { content_html?: string | null; content_md?: string | null }): string | null | undefined {
  if (input.content_html !== undefined && input.content_html !== null) return input.content_html;
  if (input.content_md !== undefined && input.content_md !== null) return renderMarkdown(input.content_md);
  // An explicit `content_html: null` clears the content; `content_md: null` alone leaves the HTML as is.
  return input.content_html === null ? null : undefined;
}
