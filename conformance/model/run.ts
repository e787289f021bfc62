/**
 * The model phase: random sequences of valid and invalid requests over both workspaces, each answer
 * compared with the model's prediction (fast-check's model-based commands), seeded by the run's seed.
 * A difference is shrunk to the shortest sequence that shows it, run once more to record its requests,
 * and reported with every step, the prediction and the answer side by side, and the curl script.
 */
import fc from 'fast-check';
import { exchange as sendExchange, type Exchange } from '../http/exchange.ts';
import { imageUpload, type SampleFile } from '../suite/images.ts';
import type { Kit } from '../suite/kit.ts';
import { commandArbitraries, startingCommands } from './commands.ts';
import { ServiceModel, type Workspace } from './state.ts';
import { ModelMismatch, type AuthorAccess, type World } from './world.ts';
import { holdingAuthor, holdingOtherAuthors, otherAuthorsShared } from '../suite/shared-author.ts';
import { isExcludedCheck } from '../checks/exclusions.ts';
import { StampOrder } from './stamp-order.ts';

export interface ModelSize {
  runs: number;
  commands: number;
  timeLimitMs: number;
}

/**
 * --depth ci keeps a default run short; deep (or --max-examples over 5) explores far more. The time
 * bound is the depth's unless --model-time gives one: on a busy machine the depth's bound can stop the
 * sequences before all of them ran, and which sequences run is then a matter of speed, not of the seed.
 */
export function modelSize(maxExamples: number | undefined, timeSeconds?: number): ModelSize {
  const size = (maxExamples ?? 5) > 5 ? { runs: 40, commands: 60, timeLimitMs: 240_000 } : { runs: 10, commands: 60, timeLimitMs: 25_000 };
  return timeSeconds === undefined ? size : { ...size, timeLimitMs: timeSeconds * 1000 };
}

export interface ModelStats {
  runs: number;
  /** Whether the time limit stopped the sequences before all of them ran. */
  interrupted: boolean;
  predicted: number;
  unpredicted: Record<string, number>;
  operations: string[];
}

export async function runModel(t: Kit, size: ModelSize): Promise<ModelStats> {
  const tokens = [t.options.token, t.options.token2].filter((token): token is string => Boolean(token));
  const workspaces = tokens.map((_, index) => index as Workspace);
  const stats = { predicted: 0, unpredicted: new Map<string, number>(), operations: new Set<string>() };
  let run = 0;
  // The authors the suite's other test files share, and which authors the run may change: workspace 1's
  // (the one the run names), and on a disposable target the second workspace's too, which the isolation
  // test of listAuthors sets inactive and back (other-workspace-lists.test.ts).
  const sharedId = t.fixtures.authorId;
  const shared = (workspace: Workspace, id: number) => (workspace === 0 && id === sharedId) || (workspace === 1 && otherAuthorsShared(t));
  const authors: AuthorAccess = {
    writable: (workspace, id) => t.options.disposableTarget === true || (t.fixtures.authorWritable && shared(workspace, id)),
    shared,
    hold: (workspace, ids, work) =>
      workspace === 1
        ? otherAuthorsShared(t)
          ? holdingOtherAuthors(t, work)
          : work()
        : ids.filter((id) => shared(workspace, id)).reduce<typeof work>((inner, id) => () => holdingAuthor(t, id, inner), work)(),
  };
  const authorsWritable = t.options.disposableTarget === true || t.fixtures.authorWritable;

  // responses.timestamps-in-order over each sequence's writes (stamp-order.ts), reported once.
  let outOfOrder: { operationId: string; problem: string; exchange: Exchange; history: Exchange[] } | undefined;
  const newWorld = (): World => {
    run++;
    const exchanges: Exchange[] = [];
    const order = new StampOrder();
    const judgeOrder = (operationId: string, exchange: Exchange, json: unknown) => {
      const problem = order.observe(operationId, exchange, json);
      if (problem && !outOfOrder) outOfOrder = { operationId, problem, exchange, history: [...exchanges] };
    };
    const name = (label: string) => `${t.names.name(`model-${run}-${label}`)}`;
    return {
      names: {
        // Two names of one slug and a third: renames collide, take suffixes and give them back.
        pages: ((base) => [`${base} Été`, `${base} Ete`, `${base} Notes`])(name('page')),
        newsletters: ((base) => [`${base} Crème Brûlée`, `${base} Creme Brulee`, `${base} Digest`])(name('newsletter')),
        // Two spellings of one slug each, and one of another: derived slugs collide and take suffixes.
        subjects: ((base) => [`${base} Notes`, `${base} Notes!`, `${base} Café`])(name('subject')),
        titles: ((base) => [`${base} Crème`, `${base} Crème?`, `${base} Notes`])(name('title')),
        categories: ((base) => [`${base} Café`, `${base} café!`, `${base} Tips`])(name('category')),
        addresses: [t.names.email(`model-${run}-a`), t.names.email(`model-${run}-b`), t.names.email(`model-${run}-c`)],
        people: ((base) => [`${base} Zoë`, `${base} Ngũgĩ`, `${base} O'Brien`])(name('person')),
      },
      authors,
      workspaces,
      stats,
      steps: [],
      exchanges,
      async send(request) {
        const operation = t.contract.operation(request.operationId);
        if (request.head) {
          // HEAD is no operation of its own (http.head): the path of the GET, filled in, sent as is.
          const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => String(request.ids[name]));
          const result = await t.raw({ method: 'HEAD', path, query: request.query, authorization: `Bearer ${tokens[request.workspace]}` });
          exchanges.push(result.exchange);
          return { ...result, json: undefined };
        }
        if (request.upload) {
          const result = await t.raw({ method: operation.method, path: operation.path, ...(await uploadBody(request.upload.file, request.upload.mixed)), authorization: `Bearer ${tokens[request.workspace]}` });
          exchanges.push(result.exchange);
          judgeOrder(operation.operationId, result.exchange, result.json);
          return result;
        }
        const result = await t.call(operation, { ids: request.ids, body: request.body, query: request.query, authorization: `Bearer ${tokens[request.workspace]}` });
        exchanges.push(result.exchange);
        judgeOrder(operation.operationId, result.exchange, result.json);
        return result;
      },
      async fetchPublic(url, head) {
        // No Authorization at all, whatever --header adds: a public image is fetched as a browser's <img> does.
        const extraHeaders = Object.fromEntries(Object.entries(t.options.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'authorization'));
        const { exchange, bytes } = await sendExchange({ method: head ? 'HEAD' : 'GET', url, headers: new Headers() }, { timeoutMs: t.options.requestTimeoutSeconds * 1000, rate: t.context.rate, extraHeaders });
        exchanges.push(exchange);
        const type = (new Headers(exchange.response?.headers).get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
        return { status: exchange.response?.status, type, bytes: bytes ?? Buffer.alloc(0), exchange };
      },
    };
  };

  let last: World | undefined;
  const property = fc.asyncProperty(fc.commands([fc.oneof(...commandArbitraries(workspaces, authorsWritable))], { maxCommands: size.commands, size: 'max' }), async (commands) => {
    last = newWorld();
    await fc.asyncModelRun(() => ({ model: new ServiceModel(), real: last! }), [...startingCommands(workspaces), ...commands]);
  });
  const result = await fc.check(property, { seed: t.options.seed, numRuns: size.runs, interruptAfterTimeLimit: size.timeLimitMs, markInterruptAsFailure: false });

  if (result.failed && result.counterexample) {
    // The shortest sequence, run once more: its requests are the failure's script.
    const [commands] = result.counterexample;
    const world = newWorld();
    let mismatch: unknown;
    try {
      await fc.asyncModelRun(() => ({ model: new ServiceModel(), real: world }), [...startingCommands(workspaces), ...commands]);
    } catch (error) {
      mismatch = error;
    }
    const detail = mismatch instanceof ModelMismatch ? mismatch : (result.errorInstance as Error | undefined);
    const steps = world.steps.map((step, index) => `  ${index + 1}. ${step}`).join('\n');
    const what = detail instanceof ModelMismatch ? `${detail.step}: the answer differs from the model's prediction:\n${detail.message.split('\n').slice(1).join('\n')}` : `the sequence failed: ${String(detail)}`;
    const reason = `after a shortest sequence of ${world.steps.length} requests (seed ${t.options.seed}, shrunk from run ${result.numRuns}):\n${steps}\n${what}`;
    const evidence = detail instanceof ModelMismatch ? detail.exchange : world.exchanges.at(-1);
    const operation = (detail instanceof ModelMismatch ? detail.operation : undefined) ?? operationOf(evidence, t) ?? t.operation.operationId;
    t.recorder.fail(operation, 'model_prediction', reason, evidence, world.exchanges, detail instanceof ModelMismatch ? detail.rules : undefined);
  } else {
    t.recorder.pass(t.operation.operationId, 'model_prediction');
  }
  if (!isExcludedCheck(t.options, 'timestamps_in_order')) {
    if (outOfOrder) t.recorder.fail(outOfOrder.operationId, 'timestamps_in_order', outOfOrder.problem, outOfOrder.exchange, outOfOrder.history, ['responses.timestamps-in-order']);
    else t.recorder.pass(t.operation.operationId, 'timestamps_in_order');
  }
  return { runs: run, interrupted: result.interrupted, predicted: stats.predicted, unpredicted: Object.fromEntries(stats.unpredicted), operations: [...stats.operations].sort() };
}

/**
 * An upload's body: one `file` part as `multipart/form-data` (its curl line sends the same with -F), or
 * the same bytes declared `multipart/mixed`, which the contract refuses (image.form-data-only).
 */
async function uploadBody(file: SampleFile, mixed: boolean): Promise<{ body: FormData | Buffer; contentType?: string; curlBody?: string }> {
  const upload = imageUpload(file);
  if (!mixed) return upload;
  const encoded = new Response(upload.body);
  const contentType = encoded.headers.get('content-type')!.replace('multipart/form-data', 'multipart/mixed');
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType };
}

function operationOf(exchange: Exchange | undefined, t: Kit): string | undefined {
  if (!exchange) return undefined;
  const url = new URL(exchange.request.url);
  const base = new URL(t.options.baseUrl).pathname.replace(/\/$/, '');
  return t.contract.match(exchange.request.method, url.pathname.slice(base.length))?.operationId;
}
