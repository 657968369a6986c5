import type { BannerReviewQueueQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toBannerReviewItemDto } from './dto';
import { listReviewQueue } from './repository';

/** One page of the review queue, oldest submission first; its total is the tab's badge count. */
export async function listReviewQueuePage(deps: AppDeps, query: BannerReviewQueueQuery) {
  const { rows, total } = await listReviewQueue(deps.db, query);
  return listOfPage(rows.map(toBannerReviewItemDto), query, total);
}
