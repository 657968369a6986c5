import { type CurrentRegulationDto, type CurrentRegulationsQuery, DEFAULT_LOCALE } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { toCurrentRegulation } from './dto';
import { findCurrentDocuments } from './repository';

/** The current version of each type (or of one), in the language asked for, else in English. */
export async function currentRegulations(
  deps: AppDeps,
  query: CurrentRegulationsQuery,
): Promise<CurrentRegulationDto[]> {
  const rows = await findCurrentDocuments(deps.db, query.locale ?? DEFAULT_LOCALE, query.type);
  return rows.map(toCurrentRegulation);
}
