import { describe, expect, it } from 'vitest';

const english = import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });
const polish = import.meta.glob<Record<string, unknown>>('./pl/*.json', { eager: true, import: 'default' });

const keys = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key))
    : [prefix];
const texts = (value: unknown): unknown[] =>
  typeof value === 'object' && value !== null ? Object.values(value).flatMap(texts) : [value];

/** Plural forms differ by language (Polish has `_few` and `_many`): compare the base keys. */
const baseKeys = (value: unknown) => [
  ...new Set(keys(value).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, ''))),
];

const namespaces = Object.keys(english).map((path) => path.slice('./en/'.length, -'.json'.length));

describe('translations', () => {
  it('has a Polish file for every English namespace and no other', () => {
    expect(
      Object.keys(polish)
        .map((path) => path.slice('./pl/'.length, -'.json'.length))
        .sort(),
    ).toEqual([...namespaces].sort());
  });

  it.each(namespaces)(
    '%s: every English key is in Polish and the other way round, none empty',
    (namespace) => {
      const en = english[`./en/${namespace}.json`];
      const pl = polish[`./pl/${namespace}.json`];
      expect(baseKeys(pl).sort()).toEqual(baseKeys(en).sort());
      for (const text of [...texts(en), ...texts(pl)]) {
        expect(typeof text).toBe('string');
        expect(text).not.toBe('');
      }
    },
  );
});
