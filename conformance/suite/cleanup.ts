/**
 * Deletions of what a group of tests created, run after the group, newest first. A deletion that fails
 * is reported as a resource left behind (the reporter lists them), never silently dropped.
 */

/** The console line prefix the reporter collects into the report's "left behind" list. */
export const LEFT_BEHIND_MARKER = '[conformance:left-behind]';

export class CleanupList {
  private readonly actions: { description: string; action: () => Promise<void> }[] = [];

  add(description: string, action: () => Promise<void>): void {
    this.actions.push({ description, action });
  }

  async run(): Promise<void> {
    for (const { description, action } of this.actions.splice(0).reverse()) {
      try {
        await action();
      } catch (error) {
        console.warn(`${LEFT_BEHIND_MARKER} ${description}: ${(error as Error).message}`);
      }
    }
  }
}
