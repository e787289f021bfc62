/**
 * The bounds the contract declares on what the server answers hold whatever a request contains:
 * problem details that quote the request are cut to fit, and Markdown that would render to more
 * HTML than a post or email may hold is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_BOUNDS } from '../http/problem.ts';
import { readFileSync } from 'node:fs';
import { RENDERED_HTML_MAX_LENGTH } from '../domain/markdown.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('problem details', () => {
  it('name a very long unknown field in at most the declared length', async () => {
    const name = 'x'.repeat(5000);
    const answer = await t.api('POST', '/newsletters', { body: { name: 'Bounded', [name]: 1 } });
    expect(answer.status).toBe(422);
    for (const error of answer.body.errors) {
      expect(error.field.length).toBeLessThanOrEqual(PROBLEM_BOUNDS.field);
      expect(error.message.length).toBeLessThanOrEqual(PROBLEM_BOUNDS.message);
    }
    expect(answer.body.detail.length).toBeLessThanOrEqual(PROBLEM_BOUNDS.detail);
  });

  it('list at most the declared number of errors', async () => {
    const body = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`unknown_${i}`, i]));
    const answer = await t.api('POST', '/newsletters', { body });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.length).toBeGreaterThan(0);
    expect(answer.body.errors.length).toBeLessThanOrEqual(PROBLEM_BOUNDS.errors);
  });

  it('cut the instance of a very long path to the declared length', async () => {
    const answer = await t.api('GET', `/${'p'.repeat(6000)}`);
    expect(answer.status).toBe(404);
    expect(answer.body.instance.length).toBeLessThanOrEqual(PROBLEM_BOUNDS.instance);
    expect(answer.body.detail.length).toBeLessThanOrEqual(PROBLEM_BOUNDS.detail);
  });
});

/** The longest `content_html` the contract lets a post answer with. */
const declaredHtmlMaxLength = (JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8')) as {
  components: { schemas: { Post: { properties: { content_html: { maxLength: number } } } } };
}).components.schemas.Post.properties.content_html.maxLength;

describe('rendered Markdown', () => {
  it('that would exceed the declared length of content_html is a 422 naming content_md', async () => {
    const page = (await t.api('POST', '/pages', { body: { name: 'Markdown bounds' } })).body;
    // Each `&` renders as `&amp;`: 450,000 characters of Markdown become 2,250,000 of HTML.
    const answer = await t.api('POST', `/pages/${page.id}/posts`, { body: { title: 'Big', content_md: '&'.repeat(450_000) } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([{ field: 'content_md', message: expect.stringMatching(/at most 1,000,000 characters of HTML/) }]);
    expect(RENDERED_HTML_MAX_LENGTH).toBeLessThanOrEqual(declaredHtmlMaxLength);
  });

  it('that fits is rendered and answered', async () => {
    const page = (await t.api('POST', '/pages', { body: { name: 'Markdown fits' } })).body;
    const answer = await t.api('POST', `/pages/${page.id}/posts`, { body: { title: 'Fits', content_md: 'word '.repeat(99_000) } });
    expect(answer.status).toBe(201);
    expect(answer.body.content_html.length).toBeLessThanOrEqual(RENDERED_HTML_MAX_LENGTH);
  });

  // The limit counts characters, as the contract states it: an emoji is one, though two UTF-16 code
  // units. `<p>`, `</p>` and a line end are 8 characters; each `&` renders as the five of `&amp;`.
  const renderingTo = (characters: number) => `${'\u{1F600}'.repeat(1002)}${'&'.repeat((characters - 8 - 1002) / 5)}`;

  it('that renders to exactly the limit in characters, more in UTF-16 code units and bytes, is rendered', async () => {
    const page = (await t.api('POST', '/pages', { body: { name: 'Markdown at the limit' } })).body;
    const answer = await t.api('POST', `/pages/${page.id}/posts`, { body: { title: 'At the limit', content_md: renderingTo(RENDERED_HTML_MAX_LENGTH) } });
    expect(answer.status).toBe(201);
    expect([...answer.body.content_html].length).toBe(RENDERED_HTML_MAX_LENGTH);
    expect(answer.body.content_html.length).toBeGreaterThan(RENDERED_HTML_MAX_LENGTH);
  });

  it('that renders to one character past the limit is a 422 naming content_md', async () => {
    const page = (await t.api('POST', '/pages', { body: { name: 'Markdown past the limit' } })).body;
    const answer = await t.api('POST', `/pages/${page.id}/posts`, { body: { title: 'Past the limit', content_md: `${renderingTo(RENDERED_HTML_MAX_LENGTH)}a` } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([{ field: 'content_md', message: expect.stringMatching(/at most 1,000,000 characters of HTML/) }]);
  });
});
