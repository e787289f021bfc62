/** Runs tasks a few at a time, in order: a walk at each of 100 sizes in parallel would be a burst, one at a time is slow. */
export async function inBatches<T, R>(values: T[], width: number, task: (value: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < values.length; start += width) {
    results.push(...(await Promise.all(values.slice(start, start + width).map(task))));
  }
  return results;
}
