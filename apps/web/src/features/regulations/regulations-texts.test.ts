import { regulationMessages, regulationTypes } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/regulations.json';

describe('regulations texts', () => {
  it('translate every API message of the module and name every document type', () => {
    expect(en.messages).toEqual(regulationMessages);
    expect(Object.keys(en.types).sort()).toEqual([...regulationTypes].sort());
  });
});
