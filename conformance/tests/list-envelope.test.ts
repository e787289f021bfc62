import { describe, expect, it } from 'vitest';
import { askedPage, pageCount } from '../contract/list-envelope.ts';

const answer = (page: number, size: number, total: number, items: number) => JSON.stringify({ page, size, total, result: Array.from({ length: items }, (_, id) => ({ id })) });

describe('pageCount (list_page_filled)', () => {
  it('passes a full page before the last, the last page with what is left, and an empty page past the end', () => {
    expect(pageCount(200, answer(1, 100, 101, 100))).toEqual({ problem: undefined });
    expect(pageCount(200, answer(2, 100, 101, 1))).toEqual({ problem: undefined });
    expect(pageCount(200, answer(3, 100, 101, 0))).toEqual({ problem: undefined });
    expect(pageCount(200, answer(1, 10, 0, 0))).toEqual({ problem: undefined });
  });

  it('fails a page one short at the largest size, a last page with an item of the page before, and items past the end', () => {
    expect(pageCount(200, answer(1, 100, 101, 99))?.problem).toBe('page 1 of size 100 holds 99 items; as a page before the last (the list holds 101 items), it holds 100: pages are cut at (page - 1) * size, so one item would be on no page');
    expect(pageCount(200, answer(2, 3, 5, 3))?.problem).toContain('as the last page of 5 items, after 3 on the pages before it, it holds 2');
    expect(pageCount(200, answer(4, 2, 5, 1))?.problem).toContain('as a page past the end of 5 items, it holds 0');
  });

  it('fails an envelope that says another page or size than the request asked for, or than the defaults when it asked none', () => {
    const defaults = { page: 1, size: 10 };
    expect(pageCount(200, answer(2, 1, 101, 1), askedPage('http://t/pages?page=2&size=100', defaults))?.problem).toBe('the envelope says size 1; the request asked for size 100');
    expect(pageCount(200, answer(1, 3, 3, 3), askedPage('http://t/pages', defaults))?.problem).toBe('the envelope says size 3; the request asked for no size, whose default is 10');
    expect(pageCount(200, answer(1, 10, 30, 10), askedPage('http://t/pages?page=2', defaults))?.problem).toBe('the envelope says page 1; the request asked for page 2');
    expect(pageCount(200, answer(2, 100, 101, 1), askedPage('http://t/pages?page=2&size=100', defaults))).toEqual({ problem: undefined });
    // A value the request did not give as one whole number is another check's to judge.
    expect(pageCount(200, answer(1, 10, 3, 3), askedPage('http://t/pages?size=abc', defaults))).toEqual({ problem: undefined });
  });

  it('leaves out what is no list envelope: other statuses, other bodies, an envelope out of its schema', () => {
    expect(pageCount(404, answer(1, 10, 20, 3))).toBeUndefined();
    expect(pageCount(200, JSON.stringify({ id: 1, name: 'Page' }))).toBeUndefined();
    expect(pageCount(200, 'not json')).toBeUndefined();
    expect(pageCount(200, answer(0, 10, 20, 3))).toBeUndefined();
  });
});
