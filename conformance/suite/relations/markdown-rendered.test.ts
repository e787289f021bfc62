/**
 * markdown.commonmark, on every operation that takes Markdown: each create and update whose body has
 * `content_md` and whose resource answers `content_html` (posts and emails, and any other the contract
 * adds) is sent the Markdown corpus (markdown-corpus.ts: inline raw HTML, HTML blocks, comments, entities,
 * code spans and blocks, links and images, emphasis, lists, block quotes, headings, hard breaks, text
 * beyond ASCII), then GitHub's table, strikethrough and autolinks, without `content_html`, and answers
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
 * Cost: per operation, one write of about 2 KB of Markdown (an update's resource made first), a get and
 * a read of the list, the two at once.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { htmlDifference } from '../../contract/commonmark.ts';
import { dialectNormalForm } from '../../contract/github-extensions.ts';
import type { OperationInfo } from '../../contract/document.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import { markdownDialectCorpus } from '../markdown-corpus.ts';
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
async function verifyRendered(t: Kit, write: OperationInfo, reader: OperationInfo, ids: Record<string, number>, html: string, answer: Json): Promise<void> {
  const answered = answer.content_html;
  const wrong = typeof answered === 'string' ? htmlDifference(html, answered, dialectNormalForm, "CommonMark with GitHub's extensions") : `it is ${JSON.stringify(answered)}`;
  t.verify(wrong === undefined, `${write.operationId} with content_md of every CommonMark construct (raw HTML, entities, code, links, lists...) and GitHub's table, strikethrough and autolinks, and no content_html, answered content_html otherwise than that Markdown renders: ${wrong}`);
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

const title = (reads: string) =>
  `renders Markdown as CommonMark does, raw HTML passed through and all other text escaped (HTML inline and in blocks, entities, code, links, emphasis, lists, headings, hard breaks, non-ASCII), with GitHub's tables, strikethrough and autolinks, and ${reads} show the rendering`;

const readerOfCreate = (create: OperationInfo) => contract.operations.find((candidate) => candidate.method === 'GET' && candidate.path === `${create.path}/{id}`);

for (const create of contract.operations.filter((candidate) => candidate.method === 'POST')) {
  const reader = readerOfCreate(create);
  if (!takesMarkdown(create, reader)) continue;
  forOperation(create.operationId, (test) => {
    test(title(listOf(contract, reader.operationId) ? 'the get and the list' : 'the get'), { check: 'markdown_rendering', rules: RULES, needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      const parentIds = await pathIdsFor(t, create);
      const { markdown, html } = markdownDialectCorpus(t.names.name('markdown'));
      // The required fields and the Markdown: content_html absent, so the Markdown is what is stored.
      const body: Json = { ...validBody(t, create, 'minimal'), content_md: markdown };
      delete body.content_html;
      const { status, json, exchange } = await t.call(create, { ids: parentIds, body });
      t.ensure(status === 201, `${create.operationId} with content_md of every CommonMark construct answered ${status ?? 'nothing'}; expected 201`, { evidence: exchange });
      const answer = json as Json & { id: number };
      await verifyRendered(t, create, reader, { ...parentIds, id: answer.id }, html, answer);
    });
  });
}

for (const [updateId, subject] of Object.entries(UPDATES)) {
  const update = contract.operation(updateId);
  const reader = contract.operation(subject.readerId);
  if (!takesMarkdown(update, reader)) continue;
  forOperation(updateId, (test) => {
    test(title(listOf(contract, reader.operationId) ? 'the get and the list' : 'the get'), { check: 'markdown_rendering', rules: RULES, needs: ['input_reflection', 'state'] }, async (t: Kit) => {
      // Made with content_html of its own, which the Markdown replaces.
      const ids = await subject.make(new Resources(t), t);
      const { markdown, html } = markdownDialectCorpus(t.names.name('markdown'));
      const answer = await updateResource(t, updateId, ids, { content_md: markdown });
      await verifyRendered(t, update, reader, ids, html, answer);
    });
  });
}
