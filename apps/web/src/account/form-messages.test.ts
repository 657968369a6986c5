import { messages } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { localiseMessage } from './form-messages';

const en = i18n.getFixedT('en');
const pl = i18n.getFixedT('pl');
describe('form messages', () => {
  it('keeps the English texts of the shared package word for word and translates them', () => {
    for (const text of Object.values(messages)) {
      if (typeof text !== 'string') continue;
      expect(localiseMessage(en, text)).toBe(text);
      expect(localiseMessage(pl, text)).not.toBe(text);
    }
    expect(localiseMessage(pl, messages.currentPasswordWrong)).toBe('Obecne hasło jest nieprawidłowe.');
  });

  it("gives zod's generic texts a readable wording", () => {
    expect(localiseMessage(en, 'Too small: expected string to have >=1 characters', '')).toBe(
      'This field is required.',
    );
    expect(localiseMessage(en, 'Too small: expected string to have >=2 characters', 'A')).toBe(
      'This value is too short.',
    );
    expect(localiseMessage(en, 'Too small: expected number to be >0', 0)).toBe(
      'Choose an option from the list.',
    );
    expect(localiseMessage(pl, 'Invalid email address')).toBe('Podaj prawidłowy adres e-mail.');
    expect(localiseMessage(en, 'Something the server said')).toBe('Something the server said');
  });
});
