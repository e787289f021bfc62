/**
 * Several faults in one server, each confined to the requests of its own family of resources
 * (families.ts), so that one conformance run can prove several faults caught and no fault can show in
 * the evidence for another. Only the suite's own tests use it (conformance/tests/reference-server.test.ts).
 *
 * Confinement is by construction, not by trust in how each fault is written:
 *
 * - **The pipeline.** Each fault gets an application of its own, built by the real `buildApp` with only
 *   that fault's pipeline changes, over the same parts. A front stage of the real application hands a
 *   request to the fault's application when the request's path is in the fault's family; every other
 *   request meets the real pipeline.
 * - **The parts** (stores, services, the Markdown renderer). Each fault's changes to them are applied
 *   alone, captured as the methods they replaced, and undone; each replaced method then becomes a
 *   dispatcher that calls the fault's version only while a request of the fault's family is being
 *   served (an AsyncLocalStorage set by the front stage and carried through the request's and
 *   response's events), and the real method otherwise, including in background work such as delivery.
 * - **What cannot be confined is refused**: a fault that changes anything in the parts other than
 *   replacing a method, or changes the parts while its pipeline is built, makes the server fail to
 *   start, naming the fault; two faults of one family, or of families where one's writes show in the
 *   other's answers, are refused too.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { Express } from 'express';
import { buildApp } from '../app.ts';
import type { ServerParts, ServerVariant } from '../compose.ts';
import type { Stage } from '../http/pipeline.ts';
import type { FaultName } from './catalog.ts';
import { familiesIndependent, familyOfPath, type Family } from './families.ts';
import { faultLayer } from './index.ts';

/** The family of the request being served, where a confined fault applies. */
const servedFamily = new AsyncLocalStorage<Family>();

export interface ConfinedFault {
  /** None: the family still gets an application of its own, as a control of the confinement itself. */
  fault: FaultName | null;
  family: Family;
}

/** Each watched object's own properties by name, as they are now. */
type PartsState = Map<object, Map<string | symbol, unknown>>;

/** Depth enough for `services.emails.send` and `stores.posts.<statement>`. */
const WATCH_DEPTH = 3;

/** An own data property's value (an accessor is not read: reading it could run anything). */
function ownValue(object: object, key: string | symbol): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(object, key);
  if (!descriptor) return undefined;
  return 'value' in descriptor ? descriptor.value : (descriptor.get ?? descriptor.set);
}

function watchedObjects(parts: ServerParts): object[] {
  const seen = new Set<object>();
  const visit = (value: unknown, depth: number) => {
    if (typeof value !== 'object' || value === null || seen.has(value) || depth > WATCH_DEPTH) return;
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) visit(ownValue(value, key), depth + 1);
  };
  // The database handle is watched as an object of the parts, not walked into.
  seen.add(parts.db);
  for (const root of [parts.stores, parts.services, parts.markdown]) visit(root, 0);
  seen.delete(parts.db);
  return [...seen, parts.db];
}

function stateOf(objects: object[]): PartsState {
  return new Map(objects.map((object) => [object, new Map(Reflect.ownKeys(object).map((key) => [key, ownValue(object, key)]))]));
}

interface Replacement {
  owner: object;
  key: string | symbol;
  /** The real method, as the object had it (own or inherited). */
  real: (...args: unknown[]) => unknown;
  /** Whether the real method was the object's own property (else inherited, from its class). */
  wasOwn: boolean;
  patched: (...args: unknown[]) => unknown;
}

/** Applies one fault's part changes, returns the methods it replaced, and puts the parts back as they were. */
function captureReplacements(fault: FaultName | null, parts: ServerParts, objects: object[]): Replacement[] {
  if (fault === null) return [];
  const before = stateOf(objects);
  const inherited = new Map(objects.map((object) => [object, Object.getPrototypeOf(object) as object | null]));
  faultLayer([fault])?.adaptParts?.(parts);
  const replacements: Replacement[] = [];
  const refuse = (what: string): never => {
    throw new Error(`The fault ${fault} ${what}: it cannot be confined to its family; prove it in a server of its own.`);
  };
  for (const [object, properties] of before) {
    for (const key of Reflect.ownKeys(object)) {
      const now = ownValue(object, key);
      const wasOwn = properties.has(key);
      const real = wasOwn ? properties.get(key) : inherited.get(object) ? Reflect.get(inherited.get(object)!, key, object) : undefined;
      if (wasOwn && now === real) continue;
      if (typeof now !== 'function' || typeof real !== 'function') refuse(`changes ${String(key)}, which is not a method`);
      replacements.push({ owner: object, key, real: real as Replacement['real'], wasOwn, patched: now as Replacement['patched'] });
    }
    for (const key of properties.keys()) if (!Reflect.ownKeys(object).includes(key)) refuse(`removes ${String(key)}`);
  }
  // Back as they were, for the next fault to be applied alone.
  for (const { owner, key, real, wasOwn } of replacements) {
    if (wasOwn) Reflect.set(owner, key, real);
    else Reflect.deleteProperty(owner, key);
  }
  return replacements;
}

/** Each replaced method becomes one that calls the version of the family being served. */
function installDispatchers(replacements: Array<Replacement & { family: Family }>): void {
  const byMethod = new Map<object, Map<string | symbol, { real: Replacement['real']; byFamily: Map<Family, Replacement['patched']> }>>();
  for (const { owner, key, real, patched, family } of replacements) {
    const methods = byMethod.get(owner) ?? new Map();
    byMethod.set(owner, methods);
    const method = methods.get(key) ?? { real, byFamily: new Map() };
    methods.set(key, method);
    method.byFamily.set(family, patched);
  }
  for (const [owner, methods] of byMethod) {
    for (const [key, { real, byFamily }] of methods) {
      Reflect.set(owner, key, function dispatch(this: unknown, ...args: unknown[]) {
        const family = servedFamily.getStore();
        const version = (family && byFamily.get(family)) ?? real;
        return version.apply(this, args);
      });
    }
  }
}

function checkCompatible(faults: readonly ConfinedFault[]): void {
  for (const [i, a] of faults.entries()) {
    for (const b of faults.slice(i + 1)) {
      if (!familiesIndependent(a.family, b.family)) {
        throw new Error(`The faults ${a.fault ?? 'none'} (${a.family}) and ${b.fault ?? 'none'} (${b.family}) cannot share a server: one's writes can show in the other's answers.`);
      }
    }
  }
}

/** The front stage: a request of a confined fault's family goes to that fault's application. */
function frontStage(applications: ReadonlyMap<Family, Express>): Stage {
  return {
    name: 'confined-faults',
    handler: (req, res, next) => {
      const family = familyOfPath(req.path);
      const application = family && applications.get(family);
      if (!family || !application) return next();
      servedFamily.run(family, () => {
        // The body's and the answer's events come from the socket, outside this context: bound here, so
        // what runs after the body is read (a handler calling a service) still knows its family.
        req.emit = AsyncResource.bind(req.emit, 'confined-request', req);
        res.emit = AsyncResource.bind(res.emit, 'confined-response', res);
        application(req, res, next);
      });
    },
  };
}

/** The server with each fault on for the requests of its family only. */
export function confinedFaultLayer(faults: readonly ConfinedFault[]): ServerVariant {
  checkCompatible(faults);
  let partsAtStart: PartsState | undefined;
  let watched: object[] = [];
  return {
    adaptParts: (parts) => {
      watched = watchedObjects(parts);
      const replacements = faults.flatMap(({ fault, family }) => captureReplacements(fault, parts, watched).map((replacement) => ({ ...replacement, family })));
      installDispatchers(replacements);
      partsAtStart = stateOf(watched);
    },
    adaptPipeline: (pipeline, context) => {
      const applications = new Map<Family, Express>();
      // The real application's options, without this layer's own pipeline change.
      const { adaptPipeline: _confining, ...realOptions } = context.options;
      for (const { fault, family } of faults) {
        const layer = fault === null ? undefined : faultLayer([fault]);
        applications.set(family, buildApp({ ...realOptions, ...(layer?.adaptPipeline ? { adaptPipeline: layer.adaptPipeline } : {}) }));
        const changed = partsAtStart && [...stateOf(watched)].some(([object, properties]) => [...properties].some(([key, value]) => partsAtStart!.get(object)?.get(key) !== value));
        if (changed) throw new Error(`The fault ${fault} changes the server's parts while its pipeline is built: it cannot be confined to its family; prove it in a server of its own.`);
      }
      return { ...pipeline, before: [frontStage(applications), ...pipeline.before] };
    },
  };
}
