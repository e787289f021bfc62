/**
 * One count per limit for a test server made of several applications. The server with confined faults
 * (server/faults/confined.ts) gives each fault an application of its own, built by the real `buildApp`,
 * and each would count a token's requests in a memory store of its own: the same token would have one
 * `RateLimit` count per family of resources, where the contract has one per token. With this, every
 * application's limiter of one name counts in the same store, as one server's does.
 *
 * express-rate-limit refuses one Store instance in two limiters (ERR_ERL_STORE_REUSE), so each limiter
 * gets a view of its own over the shared store; a request still meets one limiter only (the front stage
 * hands it to its family's application before the real one authenticates it).
 */
import { MemoryStore, type Options, type Store } from 'express-rate-limit';

export function sharedRateLimitStores(): (limit: 'token' | 'address') => Store {
  const shared = new Map<string, MemoryStore>();
  return (limit) => {
    let store = shared.get(limit);
    const first = store === undefined;
    if (!store) {
      store = new MemoryStore();
      shared.set(limit, store);
    }
    const counts = store;
    return {
      localKeys: true,
      // Every limiter of one name has the same window: the first sets it up, once.
      init: (options: Options) => {
        if (first) counts.init(options);
      },
      get: (key) => counts.get(key),
      increment: (key) => counts.increment(key),
      decrement: (key) => counts.decrement(key),
      resetKey: (key) => counts.resetKey(key),
      resetAll: () => counts.resetAll(),
      shutdown: () => {
        if (first) counts.shutdown();
      },
    };
  };
}
