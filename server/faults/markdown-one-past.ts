/**
 * Faults that let Markdown one past a stated limit through, each in one operation: updatePost counting
 * the nesting below the outermost list or block quote (so 51 levels pass), and createEmail measuring the
 * rendered HTML without its final line end (so 1,000,001 characters pass when the last is that line
 * end). Markdown at the limits, and far past them, is judged right; so are the other operations. Each
 * breaks markdown.limits and the content_md schema ("deeper Markdown, Markdown that would render to
 * more ... is a `422`").
 */
import type { ServerParts } from '../compose.ts';
import { MARKDOWN_MAX_DEPTH, RENDERED_HTML_MAX_LENGTH } from '../domain/markdown.ts';
import type { FaultSet } from './fault-set.ts';
import { containerDepth, deepParser, rendersMarkdown } from './markdown-measures.ts';

export function breakMarkdownOnePastParts(on: FaultSet, { services }: ServerParts): void {
  if (on('post-update-markdown-depth-one-past')) {
    // updatePost checks the nesting itself before it renders, counting the levels of nesting *inside*
    // the outermost list or block quote (`depth - 1 > MARKDOWN_MAX_DEPTH`, "a list in a list is one
    // level of nesting"), and renders with a parser deep enough: Markdown nested 51 levels deep is
    // stored and answered 200. 50 levels are right, 52 are refused, and createPost is right. Breaks
    // markdown.limits and PostUpdate's content_md ("nest at most 50 levels deep ... deeper Markdown
    // ... is a `422`").
    const contentForUpdate = services.posts.contentForUpdate.bind(services.posts);
    services.posts.contentForUpdate = async (workspaceId, pageId, id, input, signal) => {
      if (!rendersMarkdown(input)) return contentForUpdate(workspaceId, pageId, id, input, signal);
      const tokens = deepParser.parse(input.content_md, {});
      if (containerDepth(tokens) - 1 !== MARKDOWN_MAX_DEPTH) return contentForUpdate(workspaceId, pageId, id, input, signal);
      // The post and its references are checked as ever; only the depth is judged its own way.
      await contentForUpdate(workspaceId, pageId, id, { ...input, content_md: '' }, signal);
      return deepParser.renderer.render(tokens, deepParser.options, {});
    };
  }
  if (on('email-create-html-limit-trailing-newline')) {
    // createEmail measures the rendered HTML as it is stored, `html.trimEnd()` (the line end CommonMark
    // puts after the last block "is not content"), against the limit of 1,000,000 characters: Markdown
    // that renders to 1,000,001 characters, the last the final line end, is stored and answered 201.
    // Renderings at the limit and further past it are right, and so is updateEmail. Breaks
    // markdown.limits and EmailCreate's content_md ("the HTML is at most 1,000,000 characters ...
    // Markdown that would render to more ... is a `422`").
    const contentForCreate = services.emails.contentForCreate.bind(services.emails);
    services.emails.contentForCreate = async (workspaceId, newsletterId, input, signal) => {
      try {
        return await contentForCreate(workspaceId, newsletterId, input, signal);
      } catch (error) {
        if (!rendersMarkdown(input)) throw error;
        const html = deepParser.render(input.content_md);
        // Only the refusal of a rendering over the limit is judged again.
        if ([...html].length <= RENDERED_HTML_MAX_LENGTH || [...html.trimEnd()].length > RENDERED_HTML_MAX_LENGTH) throw error;
        return html;
      }
    };
  }
}
