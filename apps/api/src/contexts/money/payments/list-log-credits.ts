import type { LogCreditsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toLogCreditDto } from './credit-limit';
import { listLogCredits } from './credits-repository';
import type { MoneyScope } from './scope';

/** Credit limit changes within the scope, newest first, with who made them and why. */
export async function listLogCreditsPage(deps: AppDeps, scope: MoneyScope, query: LogCreditsQuery) {
  const { rows, total } = await listLogCredits(deps.db, scope, query);
  return listOfPage(rows.map(toLogCreditDto), query, total);
}
