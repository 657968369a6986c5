import { notificationMessages, type QueuedEmailDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField, notFound } from '../../../core/errors';
import {
  type Actor,
  insertNotificationLog,
  lockQueuedEmail,
  logsOfEmail,
  recordActivity,
  requeueEmail,
} from '../../platform';
import { auditedDelivery, toQueuedEmailDto } from './dto';

/**
 * Puts a sent or failed mail back in the queue (pending, no attempts, due now) and wakes the
 * worker after the commit. The mail goes out as it was stored: a one-time link in it is not
 * renewed, so it may have expired or been used. A pending mail is refused: the worker may be
 * sending it at this moment, and it will be retried anyway.
 */
export async function resendQueuedEmail(deps: AppDeps, id: number, actor: Actor): Promise<QueuedEmailDto> {
  const before = await lockQueuedEmail(deps.db, id);
  if (!before) throw notFound();
  if (before.status === 'pending') throw invalidField('status', notificationMessages.stillPending);

  const after = await requeueEmail(deps.db, id);
  await insertNotificationLog(deps.db, id, 'resent');
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'queued_email',
      entityId: id,
      before: auditedDelivery(before),
      after: auditedDelivery(after),
    },
  ]);
  deps.mailQueued();
  return toQueuedEmailDto(after, await logsOfEmail(deps.db, id));
}
