import type { QueuedEmailDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { findQueuedEmail, logsOfEmail } from '../../platform';
import { toQueuedEmailDto } from './dto';

/** One mail with its plain-text part and its notification log. */
export async function getQueuedEmail(deps: AppDeps, id: number): Promise<QueuedEmailDto> {
  const row = await findQueuedEmail(deps.db, id);
  if (!row) throw notFound();
  return toQueuedEmailDto(row, await logsOfEmail(deps.db, id));
}
