import type { RegulationDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { toRegulationListItem } from './dto';
import { findRegulation, findTexts } from './repository';

/** One version with all its texts, or 404 'Not Found'. */
export async function getRegulation(deps: AppDeps, id: number): Promise<RegulationDto> {
  const row = await findRegulation(deps.db, id);
  if (!row) throw notFound();
  return { ...toRegulationListItem(row), texts: await findTexts(deps.db, id) };
}
