import type { NotificationLogsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { listNotificationLogs } from '../../platform';
import { toNotificationLogDto } from './dto';

/** The notification log, newest first: filter by event, mail and days; search the mail. */
export async function listNotificationLogsPage(deps: AppDeps, query: NotificationLogsQuery) {
  const { rows, total } = await listNotificationLogs(deps.db, query);
  return listOfPage(rows.map(toNotificationLogDto), query, total);
}
