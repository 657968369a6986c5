import { configKeys, configurationMessages } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/configuration.json';

describe('configuration texts', () => {
  it('has the spec texts word for word', () => {
    expect(en.status).toEqual({ enabled: 'Enabled', disabled: 'Disabled' });
  });

  it('translates every API message of the module, names and describes every known setting', () => {
    expect(Object.keys(en.messages).sort()).toEqual(Object.keys(configurationMessages).sort());
    expect(en.messages).toEqual(configurationMessages);
    expect(Object.keys(en.settings.keys).sort()).toEqual(Object.values(configKeys).sort());
    expect(Object.keys(en.settings.descriptions).sort()).toEqual(Object.values(configKeys).sort());
  });
});
