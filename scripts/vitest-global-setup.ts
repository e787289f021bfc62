/**
 * Runs once before the project's tests: compiles the commands the tests start as processes (the
 * server, the admin command, the conformance CLI) to build/ when a source changed since the last
 * build, so every test runs the code as it is now (scripts/build.mjs).
 */
import { ensureBuilt } from './build.mjs';

export default async function setup(): Promise<void> {
  await ensureBuilt();
}
