import type { FaqBody, FaqDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { auditedFaq, toFaqDto } from './dto';
import { assertFaqLocale } from './faq-locale';
import { lockFaq, updateFaq } from './faqs-repository';

/** Replaces a FAQ's language, texts, position and status; the log keeps what changed. */
export async function changeFaq(deps: AppDeps, id: number, body: FaqBody, actor: Actor): Promise<FaqDto> {
  const before = await lockFaq(deps.db, id);
  if (!before) throw notFound();
  await assertFaqLocale(deps, body.locale);
  const after = await updateFaq(deps.db, id, body);
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'faq',
      entityId: id,
      before: auditedFaq(before),
      after: auditedFaq(after),
    },
  ]);
  return toFaqDto(after);
}
