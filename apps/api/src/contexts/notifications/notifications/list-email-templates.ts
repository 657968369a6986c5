import type { EmailTemplatesQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { listTemplates } from '../../platform';
import { toEmailTemplateEntry } from './dto';

/** The templates, one row per key and locale: filter by key and locale, search key and subject. */
export async function listEmailTemplatesPage(deps: AppDeps, query: EmailTemplatesQuery) {
  const { rows, total } = await listTemplates(deps.db, query);
  return listOfPage(rows.map(toEmailTemplateEntry), query, total);
}
