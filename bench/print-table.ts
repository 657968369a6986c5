/** Prints rows as an aligned table: the first `textColumns` columns left-aligned, numbers right-aligned. */
export function printTable(
  header: string[],
  rows: string[][],
  textColumns = 1,
  write: (line: string) => void = console.log,
): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < textColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  write(line(header));
  write(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) write(line(row));
}

/** Exits once cleaned up, even if something still keeps the event loop alive. */
export const forceExit = () => setTimeout(() => process.exit(process.exitCode ?? 0), 10_000).unref();

/** A positive integer from the environment (a benchmark's setting), or the fallback when unset. */
export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}
