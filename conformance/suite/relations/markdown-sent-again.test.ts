/**
 * resources.rewrite-accepted and resources.update-kept for a write-only field: every update whose body
 * takes Markdown (`content_md`) that the resource answers rendered (`content_html`) renders the Markdown
 * it is sent whether or not it is the Markdown already stored. No answer shows the stored Markdown, so a
 * server that compares what it is sent with it ("nothing to render again") is right for every first
 * write and for every new text, and wrong only where HTML was written since: the Markdown sent again is
 * to replace that HTML (the update schemas' `content_md`: "When `content_html` is absent or `null`, it
 * is rendered to HTML and replaces `content_html`"; requests.html-over-markdown).
 *
 * In every state of the resource the update accepts (resource-states.ts: a post draft and published; an
 * email only as a draft, its update refusing the others with a 409), one resource of the test's own:
 * Markdown M, then HTML written directly, then M again alone, then other HTML, then M again beside
 * `content_html: null` (both forms that render, requests.null-as-absent); after each M its answer and a
 * get show M's rendering, after each HTML the answer shows the HTML as sent.
 *
 * Cost: per state, the resource made, five small updates and two gets.
 */
import { jsonMedia } from '../../cases/json-media.ts';
import { constrainedBranch } from '../../generate/values.ts';
import { suiteContext } from '../context.ts';
import { forOperation } from '../harness.ts';
import type { Kit } from '../kit.ts';
import type { PathIds } from '../requests.ts';
import { Resources } from '../resources.ts';
import { DELIVERY_TEST_TIMEOUT_MS } from './child-states.ts';
import { statesOf, type ResourceState } from './resource-states.ts';
import { readResource, updateResource, UPDATES, type Json, type UpdateSubject } from './update-subjects.ts';

const { contract } = suiteContext();

const RULES = ['resources.rewrite-accepted', 'resources.update-kept', 'requests.html-over-markdown'];

/** The update's body takes Markdown (`content_md`) that the resource answers rendered (`content_html`). */
function takesMarkdown(operationId: string, readerId: string): boolean {
  const body = jsonMedia(contract.operation(operationId));
  const bodyFields = body ? Object.keys(constrainedBranch(contract, body.schema)?.properties ?? {}) : [];
  const reader = contract.operation(readerId).responses.find((response) => response.status === '200')?.content[0];
  const readFields = reader ? Object.keys(contract.resolve(reader.schema, reader.schemaPointer).node?.properties ?? {}) : [];
  return bodyFields.includes('content_md') && readFields.includes('content_html');
}

/**
 * The states in which the update is judged: every state the suite can bring the resource into where the
 * update refuses none (it declares no 409); else the resource as made.
 */
function statesJudged(operationId: string, subject: UpdateSubject): ResourceState[] {
  const refusesStates = contract.operation(operationId).responses.some((response) => response.status === '409');
  const states = refusesStates ? [] : statesOf(contract.operation(subject.readerId));
  return states.length > 0 ? states : [{ name: 'as made', within: async (t, work) => work((await subject.make(new Resources(t), t)) as PathIds) }];
}

for (const [operationId, subject] of Object.entries(UPDATES)) {
  if (!takesMarkdown(operationId, subject.readerId)) continue;
  forOperation(operationId, (test) => {
    for (const state of statesJudged(operationId, subject)) {
      test(`renders Markdown sent again, equal to the Markdown stored, over HTML written since, alone and beside content_html null, for a resource (${state.name})`, { check: 'crud_agreement', rules: RULES, needs: ['input_reflection', 'state'], timeoutMs: state.waitsForDelivery ? DELIVERY_TEST_TIMEOUT_MS : undefined }, async (t: Kit) => {
        await state.within(t, async (ids) => {
          const word = t.names.name('again');
          const markdown = `Sent again: **${word}**`;
          const rendered = `<strong>${word}</strong>`;
          const first = await updateResource(t, operationId, ids, { content_md: markdown });
          t.ensure(String(first.content_html ?? '').includes(rendered), `${operationId} of content_md ${JSON.stringify(markdown)} answered content_html ${JSON.stringify(first.content_html)}; expected it to render **${word}** as ${rendered}`);
          const forms: [string, Json][] = [
            ['alone', { content_md: markdown }],
            ['beside content_html null', { content_md: markdown, content_html: null }],
          ];
          for (const [form, body] of forms) {
            const html = `<p>Written by hand ${form === 'alone' ? 'first' : 'second'}: ${word}</p>`;
            const written = await updateResource(t, operationId, ids, { content_html: html });
            t.ensure(written.content_html === html, `${operationId} of content_html ${JSON.stringify(html)} answered content_html ${JSON.stringify(written.content_html)}; expected it as sent`);
            const answer = await updateResource(t, operationId, ids, body);
            const step = `after content_html was written directly, ${operationId} sending the stored Markdown ${JSON.stringify(markdown)} again ${form}`;
            t.verify(String(answer.content_html ?? '').includes(rendered), `${step} answered content_html ${JSON.stringify(answer.content_html)}; expected its rendering (${rendered}) to replace the HTML: Markdown sent is rendered whatever is stored`);
            const read = await readResource(t, subject.readerId, ids);
            t.verify(String(read.content_html ?? '').includes(rendered), `${step}, ${subject.readerId} shows content_html ${JSON.stringify(read.content_html)}; expected the Markdown's rendering (${rendered})`);
          }
        });
      });
    }
  });
}
