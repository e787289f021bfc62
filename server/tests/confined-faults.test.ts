/**
 * Faults confined to a family of resources (server/faults/confined.ts), which lets the suite's own tests
 * prove several faults in one server: each fault acts on the requests of its family, and nowhere else,
 * whether it lives in the pipeline or in the parts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const UTC_WITH_OFFSET = /\+00:00$/;

// Each starts a server and builds its validators for the first requests: seconds on a busy machine.
describe('faults confined to a family', { timeout: 120_000 }, () => {
  it('a pipeline fault changes the answers of its family only', async () => {
    server = await startTestServer({ confinedFaults: [{ fault: 'timestamps-with-offset', family: 'mail' }, { fault: null, family: 'content' }] });
    const newsletter = await server.api('POST', '/newsletters', { body: { name: 'Confined letters' } });
    const page = await server.api('POST', '/pages', { body: { name: 'Confined page' } });
    expect(newsletter.status).toBe(201);
    expect(newsletter.body.created_at).toMatch(UTC_WITH_OFFSET);
    expect(page.status).toBe(201);
    expect(page.body.created_at).toMatch(/Z$/);
    // Outside every family (the health check), the real server answers.
    const health = await fetch(`${server.config.publicUrl}/healthz`);
    expect(health.status).toBe(200);
  });

  it("counts a token's requests once, whichever family's application answers them", async () => {
    server = await startTestServer({ confinedFaults: [{ fault: null, family: 'mail' }, { fault: null, family: 'content' }] });
    const remaining = (answer: { headers: Headers }) => Number(/;\s*r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1]);
    // Mail, content, the real application (authors), and mail again: one count, one lower each time.
    const counts: number[] = [];
    for (const path of ['/newsletters', '/pages', '/authors', '/newsletters']) counts.push(remaining(await server.api('GET', path)));
    expect(counts.every(Number.isInteger)).toBe(true);
    expect(counts.slice(1).map((count, index) => counts[index]! - count)).toEqual([1, 1, 1]);
  });

  it("a fault in the parts acts in its family's requests, after their bodies are read, and not outside them", async () => {
    server = await startTestServer({ confinedFaults: [{ fault: 'subscriber-created-pending', family: 'mail' }] });
    const newsletter = await server.api('POST', '/newsletters', { body: { name: 'Confined subscribers' } });
    const byRequest = await server.api('POST', `/newsletters/${newsletter.body.id}/subscribers`, { body: { email: 'ada@example.com' } });
    expect(byRequest.body.status).toBe('pending');
    // The same service outside any request (as background work calls it): the real behaviour.
    const workspaceId = server.server.stores.tokens.workspaceFor(server.token)!;
    const direct = server.server.services.subscribers.upsert(workspaceId, newsletter.body.id, 'grace@example.com');
    expect(direct.status).toBe('active');
  });

  it('refuses faults that cannot be kept apart', async () => {
    await expect(startTestServer({ confinedFaults: [{ fault: 'ignore-size', family: 'mail' }, { fault: 'total-counts-page', family: 'mail' }] })).rejects.toThrow(/cannot share a server/);
    await expect(startTestServer({ confinedFaults: [{ fault: 'author-position-not-stored', family: 'authors' }, { fault: 'delete-keeps-post', family: 'content' }] })).rejects.toThrow(
      /cannot share a server/,
    );
  });
});
