/** Plain-text output for the admin command: aligned `key  value` lines and simple tables. */

/** One `key  value` line per pair, values aligned, so a script can pick a line with grep or awk. */
export function keyValues(pairs: Array<[string, string | number]>): string {
  const width = Math.max(...pairs.map(([key]) => key.length));
  return pairs.map(([key, value]) => `${key.padEnd(width)}  ${value}`).join('\n');
}

/** A table with a header row; every cell on one line, columns padded to their widest cell. */
export function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((row) => row.map((cell) => String(cell).replace(/\s+/g, ' ')))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)));
  return cells.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()).join('\n');
}
