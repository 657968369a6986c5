import {
  type LogStatusVerificationDto,
  organisationMessages,
  type StatusVerification,
  type StatusVerificationBody,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import { listOfPage } from '../../../core/list';
import type { Actor } from '../../platform';
import { toLogStatusVerificationDto } from './dto';
import {
  findLogStatusVerification,
  insertLogStatusVerification,
  type LogStatusVerificationFilter,
  listLogStatusVerifications,
} from './verifications-repository';

/** A status change must change the status. */
export function assertStatusChanges(from: StatusVerification, to: StatusVerification): void {
  if (from === to) throw invalidField('statusVerification', organisationMessages.sameStatus);
}

/** Writes the history row of a status change made by the actor; returns it as the API shows it. */
export async function logStatusChange(
  deps: AppDeps,
  organisation: { agencyId: number } | { advertiserId: number },
  from: StatusVerification,
  body: StatusVerificationBody,
  actor: Actor,
): Promise<LogStatusVerificationDto> {
  const id = await insertLogStatusVerification(deps.db, {
    ...organisation,
    statusFrom: from,
    statusTo: body.statusVerification,
    comment: body.comment || null,
    changedByAccountId: actor.accountId,
  });
  const row = await findLogStatusVerification(deps.db, id);
  if (!row) throw new Error('The new status verification log row disappeared.');
  return toLogStatusVerificationDto(row);
}

/** A page of status changes, newest first, of one organisation or of all. */
export async function statusHistoryPage(
  deps: AppDeps,
  filter: LogStatusVerificationFilter,
  page: { page: number; perPage: number },
) {
  const { rows, total } = await listLogStatusVerifications(deps.db, filter, page);
  return listOfPage(rows.map(toLogStatusVerificationDto), page, total);
}
