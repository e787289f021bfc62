/**
 * What stops the server from starting, said in one line: a data directory it cannot write, or a
 * database file it cannot read (not SQLite, damaged, not readable or not writable). Starting anyway
 * would answer every write with a 500, or die on the first request that reads the damaged part.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The line to print when the data directory cannot be written, or undefined when it can. */
export function dataDirProblem(dataDir: string): string | undefined {
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe);
    return undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    const what = code === 'ENOSPC' ? 'the disk is full' : `it cannot be written (${code})`;
    return `Cannot start: the data directory ${dataDir} is not usable: ${what}. Give the server's user write access to it and free space on its disk, or set DATA_DIR to another directory.`;
  }
}

/** The line to print when opening the database failed with `err`, or undefined for any other failure. */
export function databaseProblem(databasePath: string, err: unknown): string | undefined {
  const code = String((err as { code?: unknown })?.code ?? '');
  const message = err instanceof Error ? err.message : String(err);
  if (!/^SQLITE_|^E(ACCES|PERM|ROFS|NOSPC)$/.test(code) && !/database|sqlite/i.test(message)) return undefined;
  if (/NOTADB|CORRUPT/.test(code) || /not a database|malformed/i.test(message)) {
    return `Cannot start: the database ${databasePath} is damaged or not a SQLite database (${message}). Restore it from a backup, or move it away to start with an empty database.`;
  }
  if (/READONLY|CANTOPEN|PERM|ACCES|ROFS/.test(code) || /readonly|unable to open/i.test(message)) {
    return `Cannot start: the database ${databasePath} cannot be opened for reading and writing (${message}). Give the server's user read and write access to it and to its directory.`;
  }
  if (/FULL|NOSPC/.test(code)) return `Cannot start: the disk of the database ${databasePath} is full. Free space on it, then start again.`;
  return `Cannot start: the database ${databasePath} cannot be used (${message}). Check the file, or move it away to start with an empty database.`;
}
