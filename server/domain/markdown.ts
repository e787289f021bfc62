/** Markdown (CommonMark with GitHub extensions) to HTML, for `content_md` given without `content_html`. */
import { Marked } from 'marked';
import { problems } from '../http/problem.ts';

/**
 * The most HTML a post or email answers with (the contract's maxLength on `content_html`). Markdown
 * grows when rendered (`<` becomes `&lt;`), so 500,000 characters of Markdown could otherwise answer
 * several million characters; ordinary text grows by far less than four times.
 */
export const MAX_RENDERED_HTML = 2_000_000;

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
  if (input.content_md !== undefined && input.content_md !== null) {
    const html = renderMarkdown(input.content_md);
    if (html.length > MAX_RENDERED_HTML) {
      throw problems.invalidField('content_md', `renders to ${html.length} characters of HTML; at most ${MAX_RENDERED_HTML} are kept`);
    }
    return html;
  }
  // An explicit `content_html: null` clears the content; `content_md: null` alone leaves the HTML as is.
  return input.content_html === null ? null : undefined;
}
