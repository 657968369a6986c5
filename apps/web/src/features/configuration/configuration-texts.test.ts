import { configKeys, configurationMessages } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/configuration.json';
import pl from '../../locales/pl/configuration.json';

const keys = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key))
    : [prefix];
const texts = (value: unknown): unknown[] =>
  typeof value === 'object' && value !== null ? Object.values(value).flatMap(texts) : [value];

describe('configuration texts', () => {
  it('has every English key in Polish and the other way round, none empty', () => {
    expect(keys(pl).sort()).toEqual(keys(en).sort());
    for (const text of [...texts(en), ...texts(pl)]) {
      expect(typeof text).toBe('string');
      expect(text).not.toBe('');
    }
  });

  it('has the spec texts word for word', () => {
    expect(en.status).toEqual({ enabled: 'Enabled', disabled: 'Disabled' });
  });

  it('translates every API message of the module and names every known setting', () => {
    expect(Object.keys(en.messages).sort()).toEqual(Object.keys(configurationMessages).sort());
    expect(en.messages).toEqual(configurationMessages);
    expect(Object.keys(en.settings.keys).sort()).toEqual(Object.values(configKeys).sort());
  });
});
