import type { ConfigValuesQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toConfigValueDto } from './dto';
import { pageConfigValues } from './repository';

export async function listConfigValues(deps: AppDeps, query: ConfigValuesQuery) {
  const { rows, total } = await pageConfigValues(deps.db, query);
  return listOfPage(rows.map(toConfigValueDto), query, total);
}
