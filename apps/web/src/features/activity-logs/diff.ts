export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * One row per field on either side, in the order the entry lists them (before's fields, then
 * any only after has). A field counts as changed when its two values differ; on a create or a
 * delete every field does, since one side is empty.
 */
export function diffRows(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): DiffRow[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const b = before ? before[field] : undefined;
    const a = after ? after[field] : undefined;
    const oneSided = !before || !after;
    return { field, before: b, after: a, changed: oneSided || !same(b, a) };
  });
}

/** A value as text: strings as they are, nothing as `none`, anything else as JSON. */
export function formatValue(value: unknown, none: string): string {
  if (value === undefined || value === null || value === '') return none;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
