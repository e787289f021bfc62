/** Pages: creation (201), unique names (409), slugs and name slugs with suffixes, domains, updates. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('POST /pages', () => {
  it('creates a page with every field and answers 201', async () => {
    const { status, body } = await t.api('POST', '/pages', { body: { name: 'Engineering Blog' } });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Engineering Blog',
      slug: 'engineering-blog',
      name_slug: 'engineering-blog',
      domain: expect.stringMatching(/^engineering-blog-[a-z0-9]{6}\.pages\.localhost$/),
    });
    expect(body.workspace_id).toBeGreaterThan(0);
    expect(body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body.updated_at).toBe(body.created_at);
  });

  it('refuses a name already used in the workspace, in any letter case, with 409', async () => {
    await t.api('POST', '/pages', { body: { name: 'Design Notes' } });
    const { status, body } = await t.api('POST', '/pages', { body: { name: 'design notes' } });
    expect(status).toBe(409);
    expect(body.type).toMatch(/name-taken$/);
  });

  it('suffixes name_slug and slug when two names slugify alike', async () => {
    const first = await t.api('POST', '/pages', { body: { name: 'Release Notes' } });
    const second = await t.api('POST', '/pages', { body: { name: 'Release notes!' } });
    expect(first.body.name_slug).toBe('release-notes');
    expect(second.body).toMatchObject({ name_slug: 'release-notes-1', slug: 'release-notes-1' });
    expect(second.body.domain).toMatch(/^release-notes-1-[a-z0-9]{6}\.pages\.localhost$/);
  });

  it('normalises an explicit slug, removing "/"', async () => {
    const { status, body } = await t.api('POST', '/pages', { body: { name: 'Docs', slug: 'Guides/API Reference' } });
    expect(status).toBe(201);
    expect(body.slug).toBe('guidesapi-reference');
  });

  it('transliterates compatibility characters in derived and explicit slugs instead of dropping them', async () => {
    // A ligature and full-width letters: their compatibility forms are ASCII letters.
    const derived = await t.api('POST', '/pages', { body: { name: 'ﬁne Ｂｌｏｇ' } });
    expect(derived.body).toMatchObject({ name_slug: 'fine-blog', slug: 'fine-blog' });
    const explicit = await t.api('POST', '/pages', { body: { name: 'Other', slug: 'Ａｐｉ v2 ﬁx ™' } });
    expect(explicit.body.slug).toBe('api-v2-fix-tm');
  });

  it('turns apostrophes and ampersands into hyphens, as every other character that is not a letter or digit', async () => {
    // Slug libraries join contractions (`ada’s` as `adas`) and spell `&` as `and`; the contract does neither.
    const derived = await t.api('POST', '/pages', { body: { name: "Ada’s Notes & Don't ♥" } });
    expect(derived.body).toMatchObject({ name_slug: 'ada-s-notes-don-t', slug: 'ada-s-notes-don-t' });
    const explicit = await t.api('POST', '/pages', { body: { name: 'Other notes', slug: "Tips & Tricks's" } });
    expect(explicit.body.slug).toBe('tips-tricks-s');
  });

  it('turns symbols the transliteration table drops (a backtick, ^, a middle dot) into hyphens', async () => {
    // The library's table maps them to nothing, which joined the words around them (`a`b` gave `ab`).
    const derived = await t.api('POST', '/pages', { body: { name: 'Ada`s x^2 Paral·lel' } });
    expect(derived.body).toMatchObject({ name_slug: 'ada-s-x-2-paral-lel', slug: 'ada-s-x-2-paral-lel' });
  });

  it('refuses an explicit slug another page uses with 409', async () => {
    await t.api('POST', '/pages', { body: { name: 'Changelog', slug: 'changes' } });
    const { status, body } = await t.api('POST', '/pages', { body: { name: 'Other changelog', slug: 'changes' } });
    expect(status).toBe(409);
    expect(body.type).toMatch(/slug-taken$/);
  });

  it('gives domains unique across workspaces that tell nothing of other workspaces', async () => {
    const mine = await t.api('POST', '/pages', { body: { name: 'Shared Name' } });
    const theirs = await t.api('POST', '/pages', { body: { name: 'Shared Name' }, token: t.otherToken });
    expect(theirs.status).toBe(201);
    expect(theirs.body.domain).not.toBe(mine.body.domain);
    expect(theirs.body.slug).toBe('shared-name');
    // Both are made the same way: the name's slug and a random part, never a count of other pages.
    for (const domain of [mine.body.domain, theirs.body.domain]) expect(domain).toMatch(/^shared-name-[a-z0-9]{6}\.pages\.localhost$/);
  });

  it('derives a slug for a name without letters or digits', async () => {
    const { body } = await t.api('POST', '/pages', { body: { name: '🎉🎉' } });
    expect(body.slug).toMatch(/^page(-\d+)?$/);
  });

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(256) }, 'name'],
    [{ name: 'Valid', slug: '---' }, 'slug'],
    [{ name: 'Valid', extra: true }, 'extra'],
  ])('answers %j with 422 naming %s', async (input, field) => {
    const { status, body } = await t.api('POST', '/pages', { body: input });
    expect(status).toBe(422);
    expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('GET /pages and /pages/{id}', () => {
  it('lists the pages of the workspace only, newest first', async () => {
    const { body } = await t.api('GET', '/pages?size=100');
    const theirs = await t.api('GET', '/pages?size=100', { token: t.otherToken });
    expect(body.total).toBe(body.result.length);
    expect(theirs.body.total).toBe(1);
    const created = body.result.map((p: { created_at: string; id: number }) => `${p.created_at}#${String(p.id).padStart(6, '0')}`);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('reads one page, and answers 404 for another workspace\'s page', async () => {
    const { body: page } = await t.api('POST', '/pages', { body: { name: 'Readable' } });
    expect((await t.api('GET', `/pages/${page.id}`)).body).toEqual(page);
    expect((await t.api('GET', `/pages/${page.id}`, { token: t.otherToken })).status).toBe(404);
  });
});

describe('PATCH /pages/{id}', () => {
  it('renames a page; name_slug follows, slug and domain do not', async () => {
    const { body: page } = await t.api('POST', '/pages', { body: { name: 'Old Name' } });
    const { status, body } = await t.api('PATCH', `/pages/${page.id}`, { body: { name: 'New Name' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'New Name', name_slug: 'new-name', slug: page.slug, domain: page.domain });
    expect(body.updated_at >= page.updated_at).toBe(true);
  });

  it('changes nothing for {}', async () => {
    const { body: page } = await t.api('POST', '/pages', { body: { name: 'Unchanged' } });
    expect((await t.api('PATCH', `/pages/${page.id}`, { body: {} })).body).toEqual(page);
  });

  it('refuses another page\'s name or slug with 409', async () => {
    const { body: a } = await t.api('POST', '/pages', { body: { name: 'Alpha' } });
    await t.api('POST', '/pages', { body: { name: 'Beta' } });
    expect((await t.api('PATCH', `/pages/${a.id}`, { body: { name: 'Beta' } })).status).toBe(409);
    expect((await t.api('PATCH', `/pages/${a.id}`, { body: { slug: 'beta' } })).status).toBe(409);
    expect((await t.api('PATCH', `/pages/${a.id}`, { body: { slug: 'alpha' } })).status).toBe(200);
  });
});
