/**
 * The SQLite driver that provides the connection the server uses (sqlite-api.ts) on this Node.js.
 *
 * On Node 22 and later the driver is better-sqlite3 (13, over Node-API, with a binary for each
 * platform inside the package). better-sqlite3 13 does not run on Node 20, and better-sqlite3 12,
 * which does, aborts the process on Node 24 and later; so on Node 20 the same interface is served by
 * libsql, a Node-API build of SQLite with a better-sqlite3-like API (libsql-connection.ts). Every
 * store, service and test speaks only this interface, so both drivers are held to the same tests.
 */
import { createRequire } from 'node:module';
import { LibsqlConnection } from './libsql-connection.ts';
import type { Connection, ConnectionOptions } from './sqlite-api.ts';

/** The driver this Node.js runs: better-sqlite3 13 needs Node 22 or later. */
export const sqliteDriver: 'better-sqlite3' | 'libsql' = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'libsql';

const require = createRequire(import.meta.url);

/** Opens a SQLite file (or `:memory:`) with the driver of this Node.js. */
export function openConnection(file: string, options: ConnectionOptions = {}): Connection {
  if (sqliteDriver === 'libsql') return new LibsqlConnection(file, options);
  // Loaded only here: better-sqlite3 13's binary crashes Node 20 as soon as it is loaded.
  const BetterSqlite3 = require('better-sqlite3') as new (file: string, options: ConnectionOptions) => Connection;
  return new BetterSqlite3(file, options);
}
