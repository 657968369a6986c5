import { messages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import { localeIsEnabled } from '../../platform';

/** FAQs are written in the enabled languages only. */
export async function assertFaqLocale(deps: AppDeps, locale: string): Promise<void> {
  if (!(await localeIsEnabled(deps, locale))) throw invalidField('locale', messages.unknownLocale);
}
