import type { FaqBody, FaqDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type Actor, recordActivity } from '../../platform';
import { auditedFaq, toFaqDto } from './dto';
import { assertFaqLocale } from './faq-locale';
import { insertFaq } from './faqs-repository';

export async function createFaq(deps: AppDeps, body: FaqBody, actor: Actor): Promise<FaqDto> {
  await assertFaqLocale(deps, body.locale);
  const row = await insertFaq(deps.db, body);
  await recordActivity(deps, actor, [
    { event: 'created', entityType: 'faq', entityId: row.id, after: auditedFaq(row) },
  ]);
  return toFaqDto(row);
}
