import type { UpdateRegulationBody } from '@rtb/shared';
import { regulationMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, invalid } from '../../../core/errors';
import { localeIsEnabled } from '../../platform';

/** Texts may only be in enabled languages (the body's schema already asks for English). */
export async function assertEnabledLocales(deps: AppDeps, texts: UpdateRegulationBody['texts']) {
  const errors: FieldErrors = {};
  for (const [index, text] of texts.entries()) {
    if (!(await localeIsEnabled(deps, text.locale)))
      errors[`texts.${index}.locale`] = [regulationMessages.unknownLocale];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}
