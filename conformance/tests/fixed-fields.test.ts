/**
 * resources.fixed-fields across answers (suite/fixed-fields.ts): a post's first_published_at, once an
 * answer showed it, is judged only in answers to requests sent after that answer was received. A list
 * sent before it may rightly show the post as it was before its publication.
 */
import { describe, expect, it } from 'vitest';
import { FixedFields, type ObservedAnswer } from '../suite/fixed-fields.ts';

const post = (firstPublishedAt: string | null) => ({ id: 7, page_id: 1, created_at: '2026-11-27T10:00:00.000Z', first_published_at: firstPublishedAt });
const answer = (body: unknown, sentAt: number, receivedAt: number, method = 'GET'): ObservedAnswer => ({
  authorization: 'Bearer a',
  tag: 'Posts',
  method,
  path: '/pages/1/posts',
  status: 200,
  bodyText: JSON.stringify(body),
  sentAt,
  receivedAt,
});
const published = '2026-11-27T10:00:01.000Z';

describe('fixed fields across answers', () => {
  it('does not judge a once-set field in an answer to a request sent before the value was first seen', () => {
    const fields = new FixedFields();
    expect(fields.observe(answer(post(null), 0, 1))).toEqual([]);
    // The publication's answer arrives at 20; a list sent at 10 was read before it and arrives at 30.
    expect(fields.observe(answer(post(published), 5, 20, 'PATCH'))).toEqual([]);
    expect(fields.observe(answer({ page: 1, size: 10, total: 1, result: [post(null)] }, 10, 30))).toEqual([]);
  });

  it('judges it in an answer to a request sent after', () => {
    const fields = new FixedFields();
    expect(fields.observe(answer(post(published), 5, 20, 'PATCH'))).toEqual([]);
    expect(fields.observe(answer({ page: 1, size: 10, total: 1, result: [post(null)] }, 21, 30))).toEqual([expect.stringMatching(/first_published_at null.*once set, it never changes/)]);
  });

  it('judges a field no operation changes in every answer, however they overlap', () => {
    const fields = new FixedFields();
    expect(fields.observe(answer(post(null), 5, 20))).toEqual([]);
    expect(fields.observe(answer({ ...post(null), created_at: '2026-11-27T11:00:00.000Z' }, 1, 30))).toEqual([expect.stringMatching(/created_at/)]);
  });
});
