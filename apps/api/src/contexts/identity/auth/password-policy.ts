import { createRequire } from 'node:module';
import { messages } from '@rtb/shared';
import { invalidField } from '../../../core/errors';

const commonPasswords = createRequire(import.meta.url)('fxa-common-password-list') as {
  test(p: string): boolean;
};

/** Refuses passwords found in Mozilla's list of common passwords (DESIGN.md section 8). */
export function assertPasswordNotCommon(password: string, field = 'password'): void {
  if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())) {
    throw invalidField(field, messages.passwordTooCommon);
  }
}
