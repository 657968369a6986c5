import { errorTexts, messages } from '@rtb/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { failureText, formFailureText } from './failure-text';

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

// The app loads the language shown only; these texts are read in Polish while it is English.
beforeAll(() => i18n.reloadResources(['pl']));

describe('failure texts', () => {
  it('describes failures as spec section 8 says', () => {
    expect(formFailureText(en, failure(503, messages.maintenance))).toBe(messages.maintenance);
    expect(formFailureText(pl, failure(0, 'Communication error'))).toBe('Błąd komunikacji');
    expect(formFailureText(en, failure(500, 'Communication error'))).toBe('Communication error');
    expect(formFailureText(en, failure(422, messages.validation, { name: ['x'] }))).toBeNull();
    // A 429 by its retryAfter seconds, in whole minutes up.
    const throttled = (seconds: number): ApiError => ({
      ...failure(429, messages.tooManyRequests(Math.ceil(seconds / 60))),
      originalError: {
        message: messages.tooManyRequests(Math.ceil(seconds / 60)),
        code: 429,
        retryAfter: seconds,
      },
    });
    expect(formFailureText(pl, throttled(241))).toBe('Zbyt wiele prób. Spróbuj ponownie za 5 minut.');
    expect(formFailureText(en, throttled(4))).toBe(messages.tooManyRequests(1));
    expect(formFailureText(en, failure(429, 'Slow down.'))).toBe('Slow down.');
  });

  it("shows a failure from its code, whatever the body's English message says", () => {
    const reworded: ApiError = {
      ...failure(409, 'Reworded: that address is in use'),
      error: 'users.email_taken',
    };
    expect(failureText(pl, reworded)).toBe('Ten adres e-mail ma już konto.');
    expect(formFailureText(en, reworded)).toBe(errorTexts['users.email_taken']);
  });
});
