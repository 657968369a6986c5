import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { toGeneratedReportDto } from './dto';
import { findReport } from './repository';

export async function getGeneratedReport(deps: AppDeps, id: number) {
  const row = await findReport(deps.db, id);
  if (!row) throw notFound();
  return toGeneratedReportDto(row);
}
