import type { LogTopUpRequestDto, LogTopUpRequestsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { listOfPage } from '../../../core/list';
import type { MoneyScope } from './scope';
import { toTopUpRequestDtos } from './top-up-request-dto';
import { findTopUpRequest, listTopUpRequests } from './top-up-requests-repository';

export async function listTopUpRequestsPage(deps: AppDeps, scope: MoneyScope, query: LogTopUpRequestsQuery) {
  const { rows, total } = await listTopUpRequests(deps.db, scope, query);
  return listOfPage(await toTopUpRequestDtos(deps, rows), query, total);
}

/** One request within the scope, or 404 'Not Found'. */
export async function topUpRequestOf(
  deps: AppDeps,
  id: number,
  scope: MoneyScope,
): Promise<LogTopUpRequestDto> {
  const row = await findTopUpRequest(deps.db, id, scope);
  if (!row) throw notFound();
  const [dto] = await toTopUpRequestDtos(deps, [row]);
  return dto as LogTopUpRequestDto;
}
