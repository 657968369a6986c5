import type { EmailTemplateDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { findTemplate } from '../../platform';
import { toEmailTemplateDto } from './dto';

/** One template with its HTML and the placeholders its key provides. */
export async function getEmailTemplate(deps: AppDeps, id: number): Promise<EmailTemplateDto> {
  const row = await findTemplate(deps.db, id);
  if (!row) throw notFound();
  return toEmailTemplateDto(row);
}
