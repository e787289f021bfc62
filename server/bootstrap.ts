/**
 * First start: a server with an empty database creates a development workspace, an author and a
 * token, so `npm start` is usable at once. The token is kept in the data directory (readable by its
 * owner only) so later starts can print it again; the database itself stores only its hash.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { timestamp, type Clock } from './domain/clock.ts';
import type { Services } from './services/index.ts';
import { newToken } from './store/tokens.ts';
import type { Stores } from './store/index.ts';

export interface DevelopmentAccess {
  token: string | undefined;
  created: boolean;
}

export function ensureDevelopmentWorkspace(
  stores: Stores,
  services: Services,
  clock: Clock,
  options: { dataDir: string; fixedToken: string | undefined; persistToken: boolean },
): DevelopmentAccess {
  const tokenFile = path.join(options.dataDir, 'development-token');
  if (stores.tokens.workspaceCount() > 0) {
    // A fixed token that was revoked (npm run admin -- token revoke) stays revoked: adding it again
    // would silently undo the revocation.
    if (options.fixedToken && !stores.tokens.isRecorded(options.fixedToken)) {
      stores.tokens.addToken(1, options.fixedToken, 'development (PUBLISHING_DEV_TOKEN)', timestamp(clock));
    }
    const saved = existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : undefined;
    const token = [options.fixedToken, saved].find((t) => t && stores.tokens.workspaceFor(t) !== undefined);
    return { token, created: false };
  }
  const now = timestamp(clock);
  const workspaceId = stores.tokens.createWorkspace('Development workspace', now);
  services.authors.create(workspaceId, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@localhost', position: 'Editor' });
  const token = options.fixedToken ?? newToken();
  stores.tokens.addToken(workspaceId, token, 'development', now);
  if (options.persistToken) {
    writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
    chmodSync(tokenFile, 0o600);
  }
  return { token, created: true };
}
