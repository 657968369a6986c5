import type { QueuedEmailsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { listOutbox } from '../../platform';
import { toQueuedEmailEntry } from './dto';

/** The outbox: filter by status, template, locale and days; search the address and subject. */
export async function listQueuedEmailsPage(deps: AppDeps, query: QueuedEmailsQuery) {
  const { rows, total } = await listOutbox(deps.db, query);
  return listOfPage(rows.map(toQueuedEmailEntry), query, total);
}
