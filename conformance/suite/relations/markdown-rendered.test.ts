/**
 * markdown.commonmark, on every operation that takes Markdown: each create and update whose body has
 * `content_md` and whose resource answers `content_html` (posts and emails, and any other the contract
 * adds) is sent the Markdown corpus (markdown-corpus.ts: inline raw HTML, HTML blocks, comments, entities,
 * code spans and blocks, links and images, emphasis, lists, block quotes, headings, hard breaks, text
 * beyond ASCII; and GitHub's extensions the contract does not name, task lists, footnotes, alerts,
 * emoji shortcodes, its tag filter, which CommonMark keeps as text or raw HTML), then GitHub's table,
 * strikethrough and autolinks, without `content_html`, and answers
 * the `content_html` CommonMark renders the corpus to (contract/commonmark.ts: the specification's
 * reference implementation, compared as its own tests compare HTML) followed by what the GFM
 * specification renders each extension to (contract/github-extensions.ts): the contract names that
 * dialect, "alike by every operation that takes it", so an operation rendering CommonMark alone, or
 * without one extension (www. addresses left text), fails here. The get and the list then show that
 * rendering, character for character.
 *
 * The contract: "Raw HTML in it is passed through unchanged, as CommonMark specifies (HTML sent as
 * `content_html` is stored as sent too); all other text is escaped" (createPost, createEmail; the same
 * words in every schema of `content_md`). The other Markdown tests send a line of bold text, which every
 * renderer gets right; a renderer set up "safe" for one operation (raw HTML escaped, `<b>` shown as
 * `&lt;b&gt;`), or one that escapes `<` before rendering, shows only with raw HTML, and only in that
 * operation's own tests.
 *
 * Each operation is sent two documents at once: the corpus alone (CommonMark, no extension) and the whole
 * dialect. The corpus holds text a renderer's options change (typographic quotes, dashes, ellipses and
 * (c); soft line breaks inside a paragraph), so a renderer with an option CommonMark does not have, on
 * one operation or on documents without an extension only, fails here. The corpus alone has its lines
 * ended by CR LF (a Windows editor, a browser's form), the whole dialect by CR LF, LF and a lone CR in
 * turn: CommonMark reads each as one line end (section 2.1), so the rendering is the same, and a server
 * that makes line ends alike otherwise (each CR and each LF a line end of its own, CR dropped) on one
 * operation renders other paragraphs there.
 *
 * Cost: per operation, two writes of about 2 KB of Markdown at once (an update's resources made first),
 * and for each a get and a read of the list, the two at once.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { htmlDifference } from '../../contract/commonmark.ts';
import { dialectNormalForm } from '../../contract/github-extensions.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { commonMarkCorpus, CR_LF, EVERY_LINE_END, markdownDialectCorpus } from '../markdown-corpus.ts';
import { pathIdsFor, validBody } from '../requests.ts';
import { Resources } from '../resources.ts';
import { differences, listedItem, listOf, readResource, UPDATES, updateResource, type Json } from './update-subjects.ts';

const { contract } = suiteContext();

const RULES = ['markdown.commonmark'];

/** The fields of an operation's JSON body. */
function bodyFields(operation: OperationInfo): string[] {
  const media = jsonMedia(operation);
  return media ? Object.keys(constrainedBranch(contract, media.schema)?.properties ?? {}) : [];
}

/** The fields of a read's answer. */
function readFields(reader: OperationInfo): string[] {
  const success = reader.responses.find((response) => response.status === '200')?.content[0];
  return success ? Object.keys(contract.resolve(success.schema, success.schemaPointer).node?.properties ?? {}) : [];
}

/** Whether the write takes Markdown that the read answers rendered. */
const takesMarkdown = (write: OperationInfo, reader: OperationInfo | undefined): reader is OperationInfo =>
  reader !== undefined && bodyFields(write).includes('content_md') && readFields(reader).includes('content_html');

/**
 * The written resource's `content_html`, in the write's answer, is what the contract's dialect renders the
 * corpus to (`html`); the get and the list show it as answered.
 */
async function verifyRendered(t: Kit, write: OperationInfo, reader: OperationInfo, ids: Record<string, number>, { html, what }: MarkdownDocument, answer: Json): Promise<void> {
  const answered = answer.content_html;
  const wrong = typeof answered === 'string' ? htmlDifference(html, answered, dialectNormalForm, "CommonMark with GitHub's extensions") : `it is ${JSON.stringify(answered)}`;
  t.verify(wrong === undefined, `${write.operationId} with content_md of ${what}, and no content_html, answered content_html otherwise than that Markdown renders: ${wrong}`);
  const list = listOf(contract, reader.operationId);
  const { id, ...parentIds } = ids;
  const [read, listed] = await Promise.all([readResource(t, reader.operationId, ids), list ? listedItem(t, list.operation, parentIds, id!) : undefined]);
  const inRead = differences(answer, read, ['content_html']);
  t.verify(inRead.length === 0, `after ${write.operationId} of Markdown, ${reader.operationId} shows another rendering than it answered: ${inRead.join('; ')}`);
  if (!list) return;
  t.ensure(listed !== undefined, `${list.operation.operationId} does not list ${id}, which ${write.operationId} wrote`);
  const inList = differences(answer, listed, ['content_html']);
  t.verify(inList.length === 0, `after ${write.operationId} of Markdown, ${list.operation.operationId} shows another rendering than it answered: ${inList.join('; ')}`);
}

interface MarkdownDocument {
  markdown: string;
  html: string;
  what: string;
}

/**
 * The two documents each operation is sent: the corpus alone, CommonMark without an extension, and the
 * whole dialect (the corpus, then GitHub's extensions). A renderer whose options differ by document (a
 * plain CommonMark renderer, or a typographer, for Markdown that uses no extension) renders one of them
 * otherwise than the other; the corpus holds the text each renderer option changes (typographic quotes,
 * dashes, ellipses, (c); soft line breaks; raw HTML; a fence's language), so an option set on one
 * operation, or on one kind of document, shows.
 */
const documents = (t: Kit): MarkdownDocument[] => [
  { ...commonMarkCorpus(t.names.name('markdown'), CR_LF), what: 'every CommonMark construct (raw HTML, entities, code, links, lists, quotes and dashes, soft line breaks...) and no extension, its lines ended by CR LF' },
  { ...markdownDialectCorpus(t.names.name('markdown'), EVERY_LINE_END), what: "every CommonMark construct (raw HTML, entities, code, links, lists...) and GitHub's table, strikethrough and autolinks, its lines ended by CR LF, LF and CR in turn" },
];

const title = (reads: string) =>
  `renders Markdown as CommonMark does, with every line ending (CR LF, LF, CR), raw HTML passed through and all other text escaped (HTML inline and in blocks, entities, code, links, emphasis, lists, headings, hard and soft breaks, quotes and dashes as written, task lists and GitHub's other unnamed extensions as text, non-ASCII), alone and with GitHub's tables, strikethrough and autolinks, and ${reads} show the rendering`;

const readerOfCreate = (create: OperationInfo) => contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === `${create.path}/{id}`);

for (const create of contract.operations.filter((candidate) => candidate.method === 'POST')) {
  const reader = readerOfCreate(create);
  if (!takesMarkdown(create, reader)) continue;
  forOperation(create.operationId, (test) => {
    test(title(listOf(contract, reader.operationId) ? 'the get and the list' : 'the get'), { check: 'markdown_rendering', rules: RULES, needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const parentIds = await pathIdsFor(t, create);
      // Both documents at once, each in a resource of its own.
      await Promise.all(
        documents(t).map(async ({ markdown, html, what }) => {
          // The required fields and the Markdown: content_html absent, so the Markdown is what is stored.
          const body: Json = { ...validBody(t, create, 'minimal'), content_md: markdown };
          delete body.content_html;
          const { status, json, exchange } = await t.call(create, { ids: parentIds, body });
          t.ensure(status === 201, `${create.operationId} with content_md of ${what} answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
          const answer = json as Json & { id: number };
          await verifyRendered(t, create, reader, { ...parentIds, id: answer.id }, { markdown, html, what }, answer);
        }),
      );
    });
  });
}

for (const [updateId, subject] of Object.entries(UPDATES)) {
  const update = contract.operation(updateId);
  const reader = contract.operation(subject.readerId);
  if (!takesMarkdown(update, reader)) continue;
  forOperation(updateId, (test) => {
    test(title(listOf(contract, reader.operationId) ? 'the get and the list' : 'the get'), { check: 'markdown_rendering', rules: RULES, needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      // Both documents at once, each to a resource of its own, made with content_html of its own, which
      // the Markdown replaces.
      const resources = new Resources(t);
      await Promise.all(
        documents(t).map(async (document) => {
          const ids = await subject.make(resources, t);
          const answer = await updateResource(t, updateId, ids, { content_md: document.markdown });
          await verifyRendered(t, update, reader, ids, document, answer);
        }),
      );
    });
  });
}
