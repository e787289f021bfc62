/**
 * The toolbox one test works with: clients that record and judge every exchange, verdicts on the test's
 * check, seeded randomness and names, and resource clean-up.
 */
import { responseCheckNotApplied, type CheckName } from '../checks/catalog.ts';
import { missingCapability, omittableHeaders } from '../checks/profile.ts';
import { isExcludedCheck, isExcludedRule } from '../checks/exclusions.ts';
import { logExchange } from '../http/traffic-log.ts';
import { Recorder } from '../checks/recorder.ts';
import type { OperationInfo } from '../contract/document.ts';
import { answerJsonOrUndefined, judgingAnswer } from '../contract/answer-json.ts';
import { createdLocationProblem } from '../contract/created-location.ts';
import { timestampsAhead } from '../contract/event-times.ts';
import { timestampsNotMillisecondUtc } from '../contract/timestamp-precision.ts';
import { headerValueProblems } from '../contract/header-values.ts';
import { askedPage, pageCount } from '../contract/list-envelope.ts';
import { listOrder } from '../contract/list-order.ts';
import { createdDomainProblem } from './created-domains.ts';
import { pageDefaults } from '../contract/page-size.ts';
import { writeOnlyLeaks } from '../contract/write-only.ts';
import { Random } from '../generate/random.ts';
import { createApiClient, type ApiClient } from '../http/api-client.ts';
import { operationRequest } from '../http/operation-request.ts';
import { exchange as sendExchange, jsonBody, type Exchange, type PlainRequest, type RecordedResponse } from '../http/exchange.ts';
import type { SuiteContext } from './context.ts';
import type { TestGroup } from './group.ts';
import { Namer } from './names.ts';

/** Ends a test early after a failed `ensure`; the failure is already recorded. */
export class TestAborted extends Error {}

/** Ends a test as not applicable, with the reason for the report. */
export class NotApplicableSignal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Thrown into openapi-fetch when no response came back; the failure is already recorded. */
export class NoResponseError extends Error {}

/**
 * Ends a test as not run, with no verdict: the target kept answering 429 after the waits and retries the
 * suite allows, or the run's shared author stayed locked by other tests past the wait allowed.
 */
export class NotRunSignal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export interface RawRequest {
  method: string;
  /** The path with its parameters filled in, relative to the base URL. */
  path: string;
  /** Query string without `?`, already encoded; or name/value pairs. */
  query?: string | Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  /** The Authorization header; `null` sends none. Defaults to the run's token. */
  authorization?: string | null;
  body?: string | Buffer | FormData;
  contentType?: string;
  /** How the curl line should send the body, when it cannot be shown as text (a file upload). */
  curlBody?: string;
  /** A 429 is the answer this request is after (the rate-limit probe): it is neither waited out nor sent again. */
  rateLimitIsTheAnswer?: boolean;
  /** The time the answer may take; defaults to --request-timeout (the overload phase has a bound of its own). */
  timeoutMs?: number;
}

/** A well-formed request to an operation: the typed client fills the path and encodes the rest. */
export interface OperationCall {
  ids: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  /** A JSON body; without it, none is sent. */
  body?: unknown;
  /** Defaults to the run's token. */
  authorization?: string;
}

export interface RawResult {
  exchange: Exchange;
  status: number | undefined;
  json: unknown;
}

/** The result of an exchange; its JSON parsed when first read (most callers read only the status). */
function rawResult(exchange: Exchange): RawResult {
  let json: { value: unknown } | undefined;
  return {
    exchange,
    status: exchange.response?.status,
    get json() {
      json ??= { value: jsonBody(exchange) };
      return json.value;
    },
  };
}

type Evidence = Exchange | Response | undefined;

export interface VerifyOptions {
  check?: CheckName;
  operation?: string;
  evidence?: Evidence;
  /** The rules a failure breaks, when the check knows them (a CORS field is not a rate-limit value); else the test's. */
  rules?: readonly string[];
}

export class Kit {
  readonly recorder: Recorder;
  readonly random: Random;
  readonly names: Namer;
  /** The run's token. */
  readonly api: ApiClient;
  private readonly exchanges: Exchange[] = [];
  private readonly exchangeOfResponse = new WeakMap<Response, Exchange>();
  /** The base URL's path, without its final slash: what operationOf takes off a request's path. */
  private basePath?: string;
  /** The declared headers the target may leave out, by its profile (responses.declared-headers). */
  private omittable?: ReadonlySet<string>;

  constructor(
    readonly context: SuiteContext,
    readonly operation: OperationInfo,
    readonly check: CheckName,
    testName: string,
    private readonly group: TestGroup,
  ) {
    this.recorder = new Recorder(context.redact);
    this.random = new Random(context.options.seed).fork(testName);
    this.names = new Namer(context.options.runId, this.random.fork('names'));
    this.api = this.client(`Bearer ${context.options.token}`);
  }

  get options() {
    return this.context.options;
  }

  get contract() {
    return this.context.contract;
  }

  get fixtures() {
    return this.context.fixtures;
  }

  /** A typed client sending this Authorization header (`undefined` sends none). */
  private client(authorization: string | undefined): ApiClient {
    return createApiClient(this.options.baseUrl, authorization, async (request) => {
      const { exchange, response } = await this.send(request);
      if (!response) throw new NoResponseError(exchange.error ?? 'no response');
      this.exchangeOfResponse.set(response, exchange);
      return response;
    });
  }

  /**
   * A well-formed request to any operation of the contract, as the typed client makes it. The tests that
   * go over every operation choose it at run time, so here the compiler cannot check the path and body;
   * they are generated from the operation's own schemas instead.
   */
  async call(operation: OperationInfo, call: OperationCall): Promise<RawResult> {
    const authorization = call.authorization ?? `Bearer ${this.options.token}`;
    const { exchange } = await this.send(operationRequest(this.options.baseUrl, authorization, { method: operation.method, path: operation.path, ids: call.ids, query: call.query, body: call.body }));
    return rawResult(exchange);
  }

  /** A request exactly as given: for what the typed client cannot express (bad JSON, wrong headers). */
  async raw(spec: RawRequest): Promise<RawResult> {
    const url = new URL(this.options.baseUrl + spec.path);
    if (typeof spec.query === 'string') url.search = spec.query;
    else if (spec.query) for (const [name, value] of Object.entries(spec.query)) url.searchParams.set(name, String(value));
    const headers = new Headers(spec.headers);
    const authorization = spec.authorization === undefined ? `Bearer ${this.options.token}` : spec.authorization;
    if (authorization !== null) headers.set('Authorization', authorization);
    if (spec.contentType) headers.set('Content-Type', spec.contentType);
    const { exchange } = await this.send({ method: spec.method, url: url.href, headers, body: spec.body }, spec.curlBody, spec.rateLimitIsTheAnswer, spec.timeoutMs);
    return rawResult(exchange);
  }

  private async send(request: PlainRequest, curlBody?: string, rateLimitIsTheAnswer = false, timeoutMs = this.options.requestTimeoutSeconds * 1000) {
    const rate = rateLimitIsTheAnswer ? undefined : this.context.rate;
    const result = await sendExchange(request, { timeoutMs, curlBody, rate, extraHeaders: this.options.headers });
    this.exchanges.push(result.exchange);
    if (this.options.reporters.includes('har')) logExchange(this.options.reportDir, result.exchange, this.context.redact);
    // The 429 itself is judged like any answer (a problem document, with Retry-After), even when the
    // suite gives up on it; its test then did not run: it neither passed nor failed on that answer.
    this.judge(result.exchange);
    this.judgeRemaining(result.exchange);
    if (result.exchange.rateLimited) throw new NotRunSignal(`not run: ${result.exchange.request.method} ${new URL(result.exchange.request.url).pathname}: ${result.exchange.rateLimited}`);
    return result;
  }

  /** The contract operation a request was sent to, if any. */
  private operationOf(exchange: Exchange): OperationInfo | undefined {
    const url = new URL(exchange.request.url);
    const basePath = (this.basePath ??= new URL(this.options.baseUrl).pathname.replace(/\/$/, ''));
    const relative = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    return this.contract.match(exchange.request.method, relative);
  }

  /**
   * Counts the answer of an exchange the test made outside the clients (a body that stalls, through
   * node:http) for status coverage. It is not judged: such a request may rightly get no answer at all.
   */
  observe(exchange: Exchange): void {
    if (this.options.reporters.includes('har')) logExchange(this.options.reportDir, exchange, this.context.redact);
    const operation = this.operationOf(exchange);
    if (operation) this.recorder.sentTo(operation.operationId);
    if (operation && exchange.response) this.recorder.sawStatus(operation.operationId, exchange.response.status);
  }

  /** The response-level checks, on every exchange of every test; and its status, for status coverage. */
  private judge(exchange: Exchange): void {
    const operation = this.operationOf(exchange);
    if (!operation) return;
    this.recorder.sentTo(operation.operationId);
    const response = exchange.response;
    if (response) this.recorder.sawStatus(operation.operationId, response.status);
    if (!response) {
      this.recorder.fail(operation.operationId, 'not_a_server_error', `no response: ${exchange.error}`, exchange);
      return;
    }
    // Every check of the answer that reads its body as JSON shares one parse of it.
    judgingAnswer(response.body, () => this.judgeAnswer(operation, exchange, response));
  }

  /** The response-level checks of an answer (judge). */
  private judgeAnswer(operation: OperationInfo, exchange: Exchange, response: RecordedResponse): void {
    const observed = { status: response.status, headers: new Headers(response.headers), bodyText: response.body, utf8: response.utf8 };
    for (const result of this.context.validator.checkResponse(operation, observed, (this.omittable ??= omittableHeaders(this.options.profile)))) {
      if (isExcludedCheck(this.options, result.check)) continue;
      if (result.passed) this.recorder.pass(operation.operationId, result.check);
      else this.recorder.fail(operation.operationId, result.check, result.reason ?? 'failed', exchange);
    }
    if (!isExcludedCheck(this.options, 'write_only_fields_hidden') && response.status < 300) {
      const leaks = writeOnlyLeaks(this.context.writeOnlyFields, operation, observed.status, observed.bodyText);
      if (leaks.length === 0) this.recorder.pass(operation.operationId, 'write_only_fields_hidden');
      for (const leak of leaks) this.recorder.fail(operation.operationId, 'write_only_fields_hidden', leak, exchange);
    }
    // Event timestamps against the answer's own time, where the target keeps state (the mock answers
    // examples, whose dates say nothing about when it answered).
    if (!isExcludedCheck(this.options, 'timestamps_not_ahead') && responseCheckNotApplied('timestamps_not_ahead', this.options.profile) === undefined && exchange.endedAt !== undefined) {
      const time = { date: observed.headers.get('date'), receivedAt: performance.timeOrigin + exchange.endedAt };
      const ahead = timestampsAhead(observed.status, observed.bodyText, time);
      if (ahead.length === 0) this.recorder.pass(operation.operationId, 'timestamps_not_ahead');
      for (const problem of ahead) this.recorder.fail(operation.operationId, 'timestamps_not_ahead', problem, exchange);
    }
    // Timestamps in UTC with milliseconds (part of response_schema_conformance, which the schema's
    // date-time format alone cannot judge), where the target keeps state: the mock's answers are the
    // contract's examples or values made up from the schema, not times the target wrote.
    if (!isExcludedCheck(this.options, 'response_schema_conformance') && !isExcludedRule(this.options, 'responses.timestamps-utc') && missingCapability(this.options.profile, ['state']) === undefined) {
      for (const problem of timestampsNotMillisecondUtc(observed.status, observed.bodyText)) this.recorder.fail(operation.operationId, 'response_schema_conformance', problem, exchange, undefined, ['responses.timestamps-utc']);
    }
    // A list's page holds what its envelope leaves for it, where the target keeps state (the mock's
    // examples need not add up).
    if (!isExcludedCheck(this.options, 'list_page_filled') && responseCheckNotApplied('list_page_filled', this.options.profile) === undefined && exchange.request.method === 'GET') {
      const counted = pageCount(observed.status, observed.bodyText, askedPage(exchange.request.url, pageDefaults(this.contract, operation)));
      if (counted?.problem !== undefined) this.recorder.fail(operation.operationId, 'list_page_filled', counted.problem, exchange);
      else if (counted) this.recorder.pass(operation.operationId, 'list_page_filled');
    }
    // A list's items newest first on every read, where the target keeps state (the mock's examples and
    // made-up items are in no order). Only a failure is recorded here: the order of a list of one item,
    // or of items made in the order their other fields share, proves nothing (list_ordering's own tests do).
    if (!isExcludedCheck(this.options, 'list_ordering') && !isExcludedRule(this.options, 'lists.newest-first') && missingCapability(this.options.profile, ['state']) === undefined && exchange.request.method === 'GET') {
      const problem = listOrder(observed.status, observed.bodyText)?.problem;
      if (problem !== undefined) this.recorder.fail(operation.operationId, 'list_ordering', problem, exchange, undefined, ['lists.newest-first']);
    }
    // A new page's domain made of its name_slug on every create answer, where the answer reflects the
    // input (the mock answers an example's domain). Only a failure is recorded: page_creation's own tests
    // pass it (created-domains.ts).
    if (!isExcludedCheck(this.options, 'page_creation') && !isExcludedRule(this.options, 'page.domain-random-part') && missingCapability(this.options.profile, ['input_reflection']) === undefined) {
      const problem = createdDomainProblem(operation, observed.status, observed.bodyText);
      if (problem !== undefined) this.recorder.fail(operation.operationId, 'page_creation', problem, exchange, undefined, ['page.domain-random-part']);
    }
    // Every 201 is the resource it made, under its own parent, where the target keeps state (the mock
    // answers examples). Only a failure is recorded: crud_agreement's own tests pass it (created-answers.ts).
    if (!isExcludedCheck(this.options, 'crud_agreement') && !isExcludedRule(this.options, 'resources.answer-as-stored') && missingCapability(this.options.profile, ['state']) === undefined) {
      const authorization = exchange.request.headers.find(([name]) => name.toLowerCase() === 'authorization')?.[1] ?? '';
      const problem = this.context.createdAnswers.observe(operation, authorization, exchange.request.url, observed.status, answerJsonOrUndefined(observed.bodyText));
      if (problem !== undefined) this.recorder.fail(operation.operationId, 'crud_agreement', problem, exchange, undefined, ['resources.answer-as-stored']);
    }
    // Fixed fields across answers, where the target keeps state (the mock answers examples, not resources).
    if (!isExcludedCheck(this.options, 'fixed_fields') && responseCheckNotApplied('fixed_fields', this.options.profile) === undefined) {
      const authorization = exchange.request.headers.find(([name]) => name.toLowerCase() === 'authorization')?.[1] ?? '';
      const path = new URL(exchange.request.url).pathname;
      const changed = this.context.fixedFields.observe({ authorization, tag: operation.tags[0] ?? '', method: exchange.request.method, path, status: observed.status, bodyText: observed.bodyText, sentAt: exchange.startedAt, receivedAt: exchange.endedAt });
      if (changed.length === 0) this.recorder.pass(operation.operationId, 'fixed_fields');
      for (const problem of changed) this.recorder.fail(operation.operationId, 'fixed_fields', problem, exchange);
    }
    // Every upload's URL against every other upload's of the worker, where the target keeps state (the
    // mock answers an example's URL to every upload): none the same (image.url-per-upload), none
    // guessable from another (image.url-unguessable).
    if (!isExcludedCheck(this.options, 'upload_url_own') && responseCheckNotApplied('upload_url_own', this.options.profile) === undefined) {
      const upload = this.context.uploadUrls.observe(exchange);
      if (upload?.earlier) {
        const problem = `the upload was answered ${upload.url}, the URL an earlier upload of the run was answered (the first exchange shown): every upload has a URL of its own, the same file's included`;
        this.recorder.fail(operation.operationId, 'upload_url_own', problem, exchange, [upload.earlier, exchange], ['image.url-per-upload']);
      } else if (upload?.guessable && !isExcludedRule(this.options, 'image.url-unguessable')) {
        const problem = `the upload was answered ${upload.url}, which can be guessed from the URL of an earlier upload of the run (the first exchange shown): ${upload.guessable.reason}; what sets one upload's URL apart from another's is random, at least 96 bits of it`;
        this.recorder.fail(operation.operationId, 'upload_url_own', problem, exchange, [upload.guessable.from, exchange], ['image.url-unguessable']);
      } else if (upload) this.recorder.pass(operation.operationId, 'upload_url_own');
    }
    // Every problem's title against the contract's example of its type, and against the first one of
    // its type the worker saw, whatever operation or test answered it (errors.title-per-type).
    if (!isExcludedCheck(this.options, 'problem_title_per_type') && !isExcludedRule(this.options, 'errors.title-per-type')) {
      const titled = this.context.problemTitles.observe(exchange);
      if (titled?.stated) {
        const problem = `the problem of type ${titled.type} has the title ${JSON.stringify(titled.title)}, where the contract's example of that type (${titled.stated.pointer}) is titled ${JSON.stringify(titled.stated.title)}: a type's title is the same for every occurrence, the contract's included`;
        this.recorder.fail(operation.operationId, 'problem_title_per_type', problem, exchange);
      } else if (titled?.earlier) {
        const { method, url } = titled.earlier.exchange.request;
        const problem = `the problem of type ${titled.type} has the title ${JSON.stringify(titled.title)}, where ${method} ${new URL(url).pathname} (the first exchange shown) answered the same type with the title ${JSON.stringify(titled.earlier.title)}: a type's title is the same for every occurrence`;
        this.recorder.fail(operation.operationId, 'problem_title_per_type', problem, exchange, [titled.earlier.exchange, exchange]);
      } else if (titled) this.recorder.pass(operation.operationId, 'problem_title_per_type');
    }
    // The values of the headers, which need the run's tokens to judge what a field reveals.
    const secrets = [this.options.token, this.options.token2].filter((token): token is string => Boolean(token));
    if (isExcludedCheck(this.options, 'header_values')) return;
    const requestOrigin = exchange.request.headers.find(([name]) => name.toLowerCase() === 'origin')?.[1] ?? null;
    const countsRequests = missingCapability(this.options.profile, ['rate_limiting']) === undefined;
    const problems = headerValueProblems(observed.headers, secrets, observed.status, requestOrigin, countsRequests);
    // The Location of every 201, where the target keeps state (the mock's Location is an example's).
    if (missingCapability(this.options.profile, ['state']) === undefined) {
      const location = createdLocationProblem(this.contract, operation, exchange, answerJsonOrUndefined(observed.bodyText));
      if (location) problems.push({ rule: 'headers.location-created', problem: location });
    }
    const judged = problems.filter(({ rule }) => !isExcludedRule(this.options, rule));
    if (judged.length === 0) this.recorder.pass(operation.operationId, 'header_values');
    // Each value breaks a rule of its own: a wrong reset is no fault of the CORS or Retry-After rules.
    for (const { rule, problem } of judged) this.recorder.fail(operation.operationId, 'header_values', problem, exchange, undefined, [rule]);
  }

  /**
   * headers.rate-limit-values across the worker's answers (remaining-requests.ts): every answer that
   * carries RateLimit, a HEAD's and one to a path or method no operation has included, since every
   * request is counted. A failure is reported under the operation the request was for, the GET of a
   * HEAD, or else the test's own.
   */
  private judgeRemaining(exchange: Exchange): void {
    if (isExcludedCheck(this.options, 'header_values') || isExcludedRule(this.options, 'headers.rate-limit-values')) return;
    if (missingCapability(this.options.profile, ['rate_limiting']) !== undefined) return;
    const problems = this.context.remainingRequests.observe(exchange);
    if (problems.length === 0) return;
    const operation =
      this.operationOf(exchange) ?? (exchange.request.method === 'HEAD' ? this.operationOf({ ...exchange, request: { ...exchange.request, method: 'GET' } }) : undefined) ?? this.operation;
    for (const { problem, earlier } of problems) this.recorder.fail(operation.operationId, 'header_values', problem, exchange, [earlier, exchange], ['headers.rate-limit-values']);
  }

  /** The exchange behind a response of the typed client, or the last exchange. */
  exchangeOf(evidence?: Evidence): Exchange | undefined {
    if (evidence instanceof Response) return this.exchangeOfResponse.get(evidence);
    return evidence ?? this.exchanges.at(-1);
  }

  /** Records a verdict (the test's own check unless told otherwise); returns the condition. */
  verify(condition: boolean, reason: string, options: VerifyOptions = {}): boolean {
    const operation = options.operation ?? this.operation.operationId;
    const check = options.check ?? this.check;
    if (condition) this.recorder.pass(operation, check);
    // A behaviour may take several requests to show: the failure carries all of the test's requests so far.
    else this.recorder.fail(operation, check, reason, this.exchangeOf(options.evidence), this.exchanges, options.rules);
    return condition;
  }

  /** Like verify, but a failure ends the test: later steps depend on it. */
  ensure(condition: boolean, reason: string, options: VerifyOptions = {}): asserts condition {
    if (!this.verify(condition, reason, options)) throw new TestAborted(reason);
  }

  /** Ends the test as not applicable. */
  notApplicable(reason: string): never {
    throw new NotApplicableSignal(reason);
  }

  /** Registers a deletion to run after the operation's tests, newest first. */
  cleanup(description: string, action: () => Promise<void>): void {
    this.group.addCleanup(description, action);
  }

  /** A value the tests of the operation share, made by the first test that asks for it. */
  shared<T>(key: string, make: () => Promise<T>): Promise<T> {
    return this.group.shared(key, make);
  }

  /** Reads until the condition holds or the time is up; returns the last value read. */
  async poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, intervalMs = 200): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let value = await read();
    while (!done(value) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
      value = await read();
    }
    return value;
  }
}
