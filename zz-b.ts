import { openDatabase } from './server/db/database.ts';
import { createStores } from './server/store/index.ts';
const db = openDatabase('/tmp/prof/big.sqlite');
const stores = createStores(db);
const bench = (name: string, f: () => unknown) => { for (let i = 0; i < 2000; i++) f(); const t = performance.now(); for (let i = 0; i < 20000; i++) f(); console.log(name, ((performance.now() - t) / 20).toFixed(1), 'us'); };
for (let r = 0; r < 3; r++) {
  bench('page 1', () => stores.emails.list(1, undefined, { page: 1, size: 10 }));
  bench('page 50000', () => stores.emails.list(1, undefined, { page: 50000, size: 10 }));
  bench('page 100000', () => stores.emails.list(1, undefined, { page: 100000, size: 10 }));
}
