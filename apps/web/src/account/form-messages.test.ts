import { messages } from '@rtb/shared';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../lib/api-client';
import { i18n } from '../lib/i18n';
import { describeFailure, localiseMessage } from './form-messages';

const en = i18n.getFixedT('en');
const pl = i18n.getFixedT('pl');
const failure = (code: number, message: string, validationErrors = {}): ApiError => ({
  originalError: null,
  statusText: String(code || 'ERROR'),
  code,
  message,
  validationErrors,
  apiError: code > 0,
});

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

  it('describes failures as spec section 8 says', () => {
    expect(describeFailure(en, failure(503, messages.maintenance))).toBe(messages.maintenance);
    expect(describeFailure(pl, failure(0, 'Communication error'))).toBe('Błąd komunikacji');
    expect(describeFailure(en, failure(500, 'Communication error'))).toBe('Communication error');
    expect(describeFailure(en, failure(422, messages.validation, { name: ['x'] }))).toBeNull();
    // A 429 by its retryAfter seconds, in whole minutes up.
    const throttled = (seconds: number): ApiError => ({
      ...failure(429, messages.tooManyRequests(Math.ceil(seconds / 60))),
      originalError: {
        message: messages.tooManyRequests(Math.ceil(seconds / 60)),
        code: 429,
        retryAfter: seconds,
      },
    });
    expect(describeFailure(pl, throttled(241))).toBe('Zbyt wiele prób. Spróbuj ponownie za 5 minut.');
    expect(describeFailure(en, throttled(4))).toBe(messages.tooManyRequests(1));
    expect(describeFailure(en, failure(429, 'Slow down.'))).toBe('Slow down.');
  });
});
