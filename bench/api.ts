/** Minimal JSON calls to the server under test, for fixtures and for watching an email's state. */
export async function call<T = any>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export const jsonHeaders = (token: string) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });

/**
 * Resolves once the server's /healthz says its start-up warm-up has ended (`warm: true`): every
 * operation's validators built and its operations rehearsed. Measuring before that charges the warm-up's
 * turns of the event loop to whatever is measured.
 */
export async function waitUntilWarm(origin: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const health = (await (await fetch(`${origin}/healthz`)).json()) as { warm?: boolean };
    if (health.warm === true) return;
    if (performance.now() > deadline) throw new Error(`the server at ${origin} did not finish its warm-up within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
