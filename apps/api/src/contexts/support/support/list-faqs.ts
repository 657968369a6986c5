import type { FaqsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toFaqDto } from './dto';
import { listFaqs } from './faqs-repository';

/** Every FAQ of every language (admin): filtered, searched, sorted and paged. */
export async function listFaqsPage(deps: AppDeps, query: FaqsQuery) {
  const { rows, total } = await listFaqs(deps.db, query);
  return listOfPage(rows.map(toFaqDto), query, total);
}
