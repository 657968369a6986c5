import { fail } from './reasons';

/*
 * Readers of hostile JSON: absent (undefined or null) is absent, a value of the wrong type is a
 * `bad_field`, strings are trimmed and capped. `path` names the parent in messages ('' at the top).
 */

export type JsonObject = Record<string, unknown>;

/** What the request keeps of a string at most (ids, categories, bundles). */
export const STRING_CAP = 256;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function fieldName(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

export function optionalObject(parent: JsonObject | null, key: string, path: string): JsonObject | null {
  const value = parent?.[key];
  if (value === undefined || value === null) return null;
  if (!isObject(value)) fail('bad_field', `${fieldName(path, key)} is not an object`);
  return value;
}

/** A finite number (JSON's 1e400 is Infinity). */
export function optionalNumber(parent: JsonObject | null, key: string, path: string): number | null {
  const value = parent?.[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value))
    fail('bad_field', `${fieldName(path, key)} is not a number`);
  return value;
}

/** Trimmed and capped; null when absent or empty. */
export function optionalString(
  parent: JsonObject | null,
  key: string,
  path: string,
  cap = STRING_CAP,
): string | null {
  const value = parent?.[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') fail('bad_field', `${fieldName(path, key)} is not a string`);
  return trimAndCap(value, cap);
}

/** Each string trimmed and capped, empty ones dropped; [] when absent. */
export function optionalStrings(parent: JsonObject | null, key: string, path: string): string[] {
  const value = parent?.[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) fail('bad_field', `${fieldName(path, key)} is not an array of strings`);
  const strings: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') fail('bad_field', `${fieldName(path, key)} is not an array of strings`);
    const kept = trimAndCap(item, STRING_CAP);
    if (kept) strings.push(kept);
  }
  return strings;
}

export function optionalArray(parent: JsonObject, key: string, path: string): unknown[] | null {
  const value = parent[key];
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) fail('bad_field', `${fieldName(path, key)} is not an array`);
  return value;
}

function trimAndCap(value: string, cap: number): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  return trimmed.length > cap ? trimmed.slice(0, cap) : trimmed;
}

const notPrintableAscii = /[^\x20-\x7e]/g;

/** An id as a message may echo it (messages go into an HTTP header): printable ASCII, 64 characters. */
export function idForMessage(id: string): string {
  return id.replace(notPrintableAscii, '').slice(0, 64);
}
