import type { GeneratedReportsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toGeneratedReportDto } from './dto';
import { listReports } from './repository';

/** The generated reports, newest first (optionally of one type or status). */
export async function listGeneratedReports(deps: AppDeps, query: GeneratedReportsQuery) {
  const { rows, total } = await listReports(deps.db, query);
  return listOfPage(rows.map(toGeneratedReportDto), query, total);
}
