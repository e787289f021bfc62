// Types of scripts/build.mjs (plain JavaScript, so that it runs before anything is compiled).
export const projectRoot: string;
export const buildDir: string;
/** The path under build/ of the compiled form of a source file (`server/main.ts`). */
export function builtPath(source: string): string;
/** Compiles every source to build/; the number of files written. */
export function build(): Promise<number>;
/** Whether build/ was compiled from the sources as they are now. */
export function isCurrent(): boolean;
/** Builds unless build/ is current; whether it built. */
export function ensureBuilt(): Promise<boolean>;
