/**
 * Event-loop delay under hostile input: the server (as `npm start` runs it, with bench/event-loop-probe.ts
 * loaded into it) gets the inputs of hostile-inputs.ts one after another, while another client lists
 * emails at a constant rate and measures its latency. Before each input the probe's record is reset and
 * after its answer read, so the report names the input behind the largest delay.
 *
 * A server that crashes is a result, not a failure of the benchmark: the report says which input
 * ended the process and how, and a new server takes the inputs that follow.
 */
import http from 'node:http';
import type { ServerProcess } from '../server/tests/processes.ts';
import { call, waitUntilWarm } from './api.ts';
import { hostileInputs, type HostileInput } from './hostile-inputs.ts';
import { runOpenLoop, type OpenLoopResult } from './open-loop.ts';

/** Event-loop delays since the last reset, from the probe, in ms. */
interface LoopDelay {
  maxMs: number;
  p99Ms: number;
}

export interface HostileAnswer {
  input: HostileInput;
  /** Status of each copy, or what went wrong with it ('timeout', 'ECONNRESET', ...). */
  answers: string[];
  /** From sending to the last copy's answer. */
  ms: number;
  /** Largest event-loop delay while it was in flight; undefined when the probe could not be read. */
  maxDelayMs: number | undefined;
}

export interface HostileResult {
  answers: HostileAnswer[];
  /** Each time the server ended (exit code or signal, the input and what it wrote about it) or stopped answering and was killed. */
  crashes: string[];
  /** The other client, at a constant rate, over each server's life (a new one after each crash). */
  bystanders: OpenLoopResult[];
  /** Peak RSS of the last server, when it lived to the end. */
  peakMB?: number;
}

const INPUT_TIMEOUT_MS = 30_000;

function send(origin: URL, prefix: string, input: HostileInput): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        method: input.method,
        path: `${prefix}${input.path}`,
        headers: input.body ? { ...input.headers, 'Content-Length': input.body.length } : input.headers,
        timeout: INPUT_TIMEOUT_MS,
        agent: false,
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(String(res.statusCode)));
        res.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      },
    );
    req.once('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    // A server that answers before reading the whole body may close the connection under the
    // client's feet (EPIPE, ECONNRESET): that is an answer to report, not a benchmark failure.
    req.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end(input.body);
  });
}

function probePort(server: ServerProcess): number {
  const port = /event-loop probe on port (\d+)/.exec(server.output())?.[1];
  if (!port) throw new Error(`the server did not load the event-loop probe:\n${server.output()}`);
  return Number(port);
}

/** The probe's record, or undefined when the server does not answer it within INPUT_TIMEOUT_MS. */
async function readProbe(port: number, reset: boolean): Promise<LoopDelay | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/${reset ? '?reset=1' : ''}`, { signal: AbortSignal.timeout(INPUT_TIMEOUT_MS) });
    return (await response.json()) as LoopDelay;
  } catch {
    return undefined;
  }
}

const ended = (server: ServerProcess) => server.child.exitCode !== null || server.child.signalCode !== null;

/** Whether the server ends within `ms`: a process that aborts (out of memory) takes a moment to be gone. */
async function endsWithin(server: ServerProcess, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (!ended(server) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return ended(server);
}

function crashReport(server: ServerProcess, input: string): string {
  const how = server.child.signalCode ? `signal ${server.child.signalCode}` : `exit code ${server.child.exitCode}`;
  // V8's fatal errors ("JavaScript heap out of memory") come before a native stack trace; otherwise
  // the last line that is not part of a stack trace says the most.
  const lines = server.output().trim().split('\n').map((line) => line.trim());
  const fatal = lines.find((line) => /FATAL ERROR|out of memory|Uncaught|^\w*Error:/.test(line));
  const last = lines.filter((line) => line && !/^(\d+:|at |event-loop probe)/.test(line)).at(-1);
  const why = fatal ?? last;
  return `the server ended (${how}) on ${input}${why ? `: ${why.slice(0, 160)}` : ''}`;
}

interface Life {
  answers: HostileAnswer[];
  crash: string | undefined;
  bystander: OpenLoopResult;
}

/**
 * Before measuring: the server's own warm-up ended (its /healthz says `warm`; until then it builds
 * every operation's validators and rehearses them in turns of 30 to 500 ms of the event loop, which
 * would be charged to whatever input they fell beside), then one ordinary request of each operation
 * the inputs and the other client use, for whatever a first request still does. The README reports
 * the first-request cost on its own.
 */
async function warmUp(baseUrl: string, token: string, pageId: number, newsletterId: number, bystanderNewsletterId: number): Promise<void> {
  await waitUntilWarm(new URL(baseUrl).origin, 120_000);
  await call(baseUrl, token, 'POST', `/pages/${pageId}/posts`, { title: 'Warm-up', content_md: 'Warm *up*' });
  await call(baseUrl, token, 'POST', `/newsletters/${newsletterId}/emails`, { subject: 'Warm-up', content_md: 'Warm *up*' });
  await call(baseUrl, token, 'POST', `/newsletters/${newsletterId}/subscribers`, { email: 'warm-up@example.com' });
  await call(baseUrl, token, 'POST', `/pages/${pageId}/categories`, { name: 'Warm-up' });
  await call(baseUrl, token, 'GET', `/newsletters/${bystanderNewsletterId}/emails`);
}

/** One server's life: the inputs from `first` on, until the last or until the server ends. */
async function sendFrom(server: ServerProcess, token: string, bystanderRate: number, first: number): Promise<Life> {
  const origin = new URL(server.origin);
  const prefix = new URL(server.baseUrl).pathname;
  const port = probePort(server);
  const page = await call<{ id: number }>(server.baseUrl, token, 'POST', '/pages', { name: 'Hostile input' });
  const newsletter = await call<{ id: number }>(server.baseUrl, token, 'POST', '/newsletters', { name: 'Hostile input' });
  // The other client lists a newsletter of its own. Listing the one the inputs write to would
  // measure something else: the emails they create carry up to a megabyte of Markdown and HTML
  // each, and a page of them is a large answer at any time, hostile or not.
  const bystanderNewsletter = await call<{ id: number }>(server.baseUrl, token, 'POST', '/newsletters', { name: 'Another client' });
  for (let i = 1; i <= 10; i++) await call(server.baseUrl, token, 'POST', `/newsletters/${bystanderNewsletter.id}/emails`, { subject: `Issue ${i}` });
  await warmUp(server.baseUrl, token, page.id, newsletter.id, bystanderNewsletter.id);

  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const bystander = runOpenLoop({
    origin: server.origin,
    rate: bystanderRate,
    seconds: 3600,
    until: finished,
    timeoutMs: INPUT_TIMEOUT_MS,
    request: { method: 'GET', path: `${prefix}/newsletters/${bystanderNewsletter.id}/emails`, headers: { Authorization: `Bearer ${token}` } },
  });

  const answers: HostileAnswer[] = [];
  let crash: string | undefined;
  try {
    // A second of the bystander alone, so its numbers start from a server at rest.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const input of hostileInputs(token, { pageId: page.id, newsletterId: newsletter.id }).slice(first)) { 
      await readProbe(port, true);
      const started = performance.now();
      const statuses = await Promise.all(Array.from({ length: input.copies }, () => send(origin, prefix, input)));
      const ms = performance.now() - started;
      const delay = ended(server) ? undefined : await readProbe(port, false);
      answers.push({ input, answers: statuses, ms, maxDelayMs: delay?.maxMs });
      if (!delay && (await endsWithin(server, 5000))) {
        crash = crashReport(server, input.name);
        break;
      }
      if (!delay) {
        // Its event loop has been blocked since the input was sent: a stall as bad as a crash, and
        // the next inputs need a server that answers.
        const blockedSeconds = (performance.now() - started) / 1000;
        await server.kill();
        crash = `the server stopped answering on ${input.name} (event loop blocked for more than ${Math.floor(blockedSeconds)} s) and was killed`;
        break;
      }
    }
  } finally {
    done();
  }
  return { answers, crash, bystander: await bystander };
}

/**
 * Every input of hostile-inputs.ts, each on a live server: `start` gives a fresh server (with the
 * probe loaded) at the beginning and again after each crash, and the inputs go on from the next one.
 */
export async function measureHostileInput(start: () => Promise<ServerProcess>, stop: (server: ServerProcess) => Promise<void>, token: string, bystanderRate: number): Promise<HostileResult> {
  const count = hostileInputs(token, { pageId: 0, newsletterId: 0 }).length;
  const result: HostileResult = { answers: [], crashes: [], bystanders: [] };
  while (result.answers.length < count) {
    const server = await start();
    const life = await sendFrom(server, token, bystanderRate, result.answers.length);
    result.answers.push(...life.answers);
    result.bystanders.push(life.bystander);
    if (life.crash) result.crashes.push(life.crash);
    else await stop(server);
  }
  return result;
}
