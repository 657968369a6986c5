import type { OrganisationKind } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { findEnabledUsers } from './repository';

/** Everyone who should hear about something of the organisation: its enabled users, with e-mail and language. */
export function enabledUsersOf(deps: AppDeps, kind: OrganisationKind, organisationId: number) {
  return findEnabledUsers(deps.db, kind, organisationId);
}
