/**
 * The tests of one operation form a group (one `describe`). The group owns what its tests share: the
 * resources some of them reuse (made once, by the first test that needs them), and the deletions of
 * everything they created, run after the group, newest first. A deletion that fails is reported as a
 * resource left behind (the reporter lists them), never silently dropped.
 */

/** The console line prefix the reporter collects into the report's "left behind" list. */
export const LEFT_BEHIND_MARKER = '[conformance:left-behind]';

export class TestGroup {
  private readonly deletions: { description: string; action: () => Promise<void> }[] = [];
  private readonly sharedValues = new Map<string, Promise<unknown>>();

  addCleanup(description: string, action: () => Promise<void>): void {
    this.deletions.push({ description, action });
  }

  /**
   * A value made once for the group. A failed attempt is forgotten, so a later test tries again
   * (and reports its own reason) instead of inheriting the first one's failure.
   */
  shared<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = this.sharedValues.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      this.sharedValues.set(key, value);
      value.catch(() => this.sharedValues.delete(key));
    }
    return value;
  }

  async runCleanups(): Promise<void> {
    for (const { description, action } of this.deletions.splice(0).reverse()) {
      try {
        await action();
      } catch (error) {
        console.warn(`${LEFT_BEHIND_MARKER} ${description}: ${(error as Error).message}`);
      }
    }
  }
}
