import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { auditedFaq } from './dto';
import { deleteFaq, lockFaq } from './faqs-repository';

export async function removeFaq(deps: AppDeps, id: number, actor: Actor): Promise<void> {
  const faq = await lockFaq(deps.db, id);
  if (!faq) throw notFound();
  await deleteFaq(deps.db, id);
  await recordActivity(deps, actor, [
    { event: 'deleted', entityType: 'faq', entityId: id, before: auditedFaq(faq) },
  ]);
}
