import { DEFAULT_LOCALE, type PublishedFaqsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toFaqDto } from './dto';
import { hasPublishedFaqs, listPublishedFaqs } from './faqs-repository';

/**
 * The FAQs agency and advertiser users read: the enabled ones of their language, or the English
 * ones when their language has none. The fallback depends on the language, not on the search,
 * so a search with no match in Polish says so instead of answering in English.
 */
export async function publishedFaqs(deps: AppDeps, query: PublishedFaqsQuery, userLocale: string) {
  const asked = query.locale ?? userLocale;
  const locale = (await hasPublishedFaqs(deps.db, asked)) ? asked : DEFAULT_LOCALE;
  const { rows, total } = await listPublishedFaqs(deps.db, locale, query);
  return listOfPage(rows.map(toFaqDto), query, total);
}
