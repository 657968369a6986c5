import { errorCodes, issueOfText, issueOfZod, messages } from '@rtb/shared';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../locales/en/errors.json';
import pl from '../locales/pl/errors.json';
import { applyServerErrors } from '../shell/form/server-errors';
import type { ApiError } from './api-client';
import { errorText, issueText } from './error-text';
import { i18n } from './i18n';

afterEach(() => i18n.changeLanguage('en'));

/** The table's text of a code: the key itself, or its plural forms. */
function textOf(table: object, code: string): unknown {
  const [area = '', name = ''] = code.split('.');
  const texts = (table as Record<string, Record<string, unknown>>)[area] ?? {};
  return texts[name] ?? texts[`${name}_other`];
}

describe('the error texts by code', () => {
  it.each([
    ['en', en],
    ['pl', pl],
  ] as const)('have a %s text for every code of the shared list', (_, table) => {
    const missing = errorCodes.filter((code) => typeof textOf(table, code) !== 'string');
    expect(missing).toEqual([]);
  });

  it('translate a field error from its code and values, not from its English text', async () => {
    await i18n.changeLanguage('pl');
    const failure: ApiError = {
      originalError: null,
      statusText: '422',
      code: 422,
      message: 'The form contains validation errors.',
      validationErrors: { maxCpm: ['Some English wording that changed.'] },
      error: 'validation.failed',
      issues: { maxCpm: [{ code: 'campaigns.bid_below_minimum', params: { min: 1000 } }] },
      apiError: true,
    };
    const set: Record<string, string | undefined> = {};
    applyServerErrors(i18n.t, failure, (name, error) => {
      set[name] = error.message;
    });
    expect(set).toEqual({ maxCpm: 'Maksymalny CPM musi wynosić co najmniej 1000,00.' });
  });

  it('keep the English texts of the shared package word for word and translate them', () => {
    const en = i18n.getFixedT('en');
    const pl = i18n.getFixedT('pl');
    for (const text of Object.values(messages)) {
      if (typeof text !== 'string') continue;
      const issue = issueOfText(text);
      expect(issue, text).not.toBeNull();
      if (!issue) continue;
      expect(issueText(en, issue)).toBe(text);
      expect(issueText(pl, issue)).not.toBe(text);
    }
    expect(errorText(pl, 'auth.current_password_wrong')).toBe('Obecne hasło jest nieprawidłowe.');
  });

  it("give zod's generic issues a readable wording by their kind", () => {
    const en = i18n.getFixedT('en');
    const pl = i18n.getFixedT('pl');
    expect(issueText(en, issueOfZod({ code: 'too_small', origin: 'string', minimum: 1 }, ''))).toBe(
      'This field is required.',
    );
    expect(issueText(en, issueOfZod({ code: 'too_small', origin: 'string', minimum: 2 }, 'A'))).toBe(
      'This value is too short.',
    );
    expect(issueText(en, issueOfZod({ code: 'too_small', origin: 'number', minimum: 0 }, 0))).toBe(
      'Choose an option from the list.',
    );
    expect(issueText(pl, issueOfZod({ code: 'invalid_format', format: 'email' }, 'nope'))).toBe(
      'Podaj prawidłowy adres e-mail.',
    );
    expect(errorText(en, undefined)).toBeNull();
  });
});
