/**
 * Admission to expensive work: fair between workspaces, bounded, refusing past its bounds with the
 * 503 the contract declares, and dropping the work of clients that have gone.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { FairAdmission, Overloaded } from '../http/admission.ts';
import { FairMarkdown, WAITING_PER_WORKSPACE } from '../domain/fair-markdown.ts';
import { startTestServer, type TestServer } from './harness.ts';

const limits = { what: 'tests', running: 1, runningPerKey: 1, waitingPerKey: 3, waitingTotal: 5, maxWaitMs: 10_000, retryAfterSeconds: () => 2 };

describe('FairAdmission', () => {
  it('serves waiting workspaces in turn: one workspace with many waiting delays another by one turn', async () => {
    const admission = new FairAdmission<string>(limits);
    const order: string[] = [];
    const first = await admission.acquire('a');
    const waits = ['a', 'a', 'a', 'b'].map((key, i) =>
      admission.acquire(key).then((release) => {
        order.push(`${key}${i}`);
        release();
      }),
    );
    first();
    await Promise.all(waits);
    // b arrived after three of a's, and is served right after the first of them.
    expect(order).toEqual(['a0', 'b3', 'a1', 'a2']);
  });

  it('refuses past its bounds with Overloaded and a Retry-After', async () => {
    const admission = new FairAdmission<string>(limits);
    const hold = await admission.acquire('a');
    const waiting = [admission.acquire('a'), admission.acquire('a'), admission.acquire('a')];
    await expect(admission.acquire('a')).rejects.toMatchObject({ name: 'Overloaded', retryAfterSeconds: 2 });
    // Another workspace still gets a place in line, until the total is reached.
    const others = [admission.acquire('b'), admission.acquire('c')];
    await expect(admission.acquire('d')).rejects.toBeInstanceOf(Overloaded);
    hold();
    await Promise.all([...waiting, ...others].map((wait) => wait.then((release) => release())));
    expect(admission.load).toEqual({ running: 0, waiting: 0 });
  });

  it('drops a waiter whose client has gone, and refuses one that waited too long', async () => {
    const admission = new FairAdmission<string>({ ...limits, maxWaitMs: 50 });
    const hold = await admission.acquire('a');
    const gone = new AbortController();
    const dropped = admission.acquire('b', gone.signal);
    gone.abort(new Error('gone'));
    await expect(dropped).rejects.toThrow('gone');
    await expect(admission.acquire('c')).rejects.toBeInstanceOf(Overloaded);
    expect(admission.load).toEqual({ running: 1, waiting: 0 });
    hold();
  });
});

describe('FairMarkdown', () => {
  /** A pool of one thread whose renderings take `ms` each. */
  const slowPool = (ms: number) => ({
    threadCount: 1,
    render: async (markdown: string) => {
      await sleep(ms);
      return { html: `<p>${markdown}</p>` };
    },
    close: async () => {},
  });

  it("another workspace's rendering waits for at most one of the first workspace's", async () => {
    const markdown = new FairMarkdown(slowPool(100));
    let firstDone = 0;
    const slow = Array.from({ length: 5 }, () => markdown.render('slow', { workspace: 1 }).then(() => firstDone++));
    await sleep(10);
    await markdown.render('*hi*', { workspace: 2 });
    // The rendering in progress, then at most the first workspace's turn (its queue was there first),
    // then this one; a single queue would have rendered all five first. Counted in renderings finished,
    // not in milliseconds: the order holds however loaded the machine (a time bound of 350 ms did not,
    // with a second test run beside this one).
    expect(firstDone).toBeLessThanOrEqual(2);
    await Promise.all(slow);
  });

  it('past the bound of a workspace, the next rendering is refused with Overloaded', async () => {
    const markdown = new FairMarkdown(slowPool(50));
    const admitted = Array.from({ length: WAITING_PER_WORKSPACE + 1 }, () => markdown.render('x', { workspace: 1 }));
    await expect(markdown.render('x', { workspace: 1 })).rejects.toBeInstanceOf(Overloaded);
    await Promise.all(admitted);
  });
});

describe('the server at capacity', () => {
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 503 overloaded with Retry-After, as the contract declares, and stores nothing for it', async () => {
    t = await startTestServer();
    const page = await t.api('POST', '/pages', { body: { name: 'Busy' } });
    // Every rendering takes long: the one thread is busy and the queue fills.
    const pool = (t.server as unknown as { services: { posts: { markdown: { pool: { render: unknown } } } } }).services.posts.markdown.pool;
    pool.render = async (text: string) => {
      await sleep(300);
      return { html: `<p>${text}</p>` };
    };
    const post = (i: number) => t!.api('POST', `/pages/${page.body.id}/posts`, { body: { title: `Post ${i}`, content_md: `*${i}*` } });
    const answers = await Promise.all(Array.from({ length: WAITING_PER_WORKSPACE + 4 }, (_, i) => post(i)));
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.body.type).toBe('https://publishing.example/problems/overloaded');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(answers.filter((a) => a.status === 201)).toHaveLength(answers.length - refused.length);
    const list = await t.api('GET', `/pages/${page.body.id}/posts?size=100`);
    expect(list.body.total).toBe(answers.length - refused.length);
  }, 60_000);

  it('stores nothing for a client that has gone while its Markdown waited', async () => {
    t = await startTestServer();
    const page = await t.api('POST', '/pages', { body: { name: 'Gone' } });
    const pool = (t.server as unknown as { services: { posts: { markdown: { pool: { render: unknown } } } } }).services.posts.markdown.pool;
    pool.render = async (text: string) => {
      await sleep(500);
      return { html: `<p>${text}</p>` };
    };
    const aborts = Array.from({ length: 4 }, () => new AbortController());
    const sent = aborts.map((abort, i) =>
      fetch(`${t!.baseUrl}/pages/${page.body.id}/posts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${t!.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: `Gone ${i}`, content_md: 'text' }),
        signal: abort.signal,
      }).catch(() => undefined),
    );
    await sleep(100);
    for (const abort of aborts) abort.abort();
    await Promise.all(sent);
    await sleep(2500);
    const list = await t.api('GET', `/pages/${page.body.id}/posts`);
    expect(list.body.total).toBe(0);
  }, 30_000);
});
