import { errorCodes } from '@rtb/shared';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../locales/en/errors.json';
import pl from '../locales/pl/errors.json';
import { applyServerErrors } from '../shell/form/server-errors';
import type { ApiError } from './api-client';
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
});
