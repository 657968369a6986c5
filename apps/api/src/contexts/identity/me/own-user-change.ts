import type { Change } from '../../platform';
import type { Principal } from '../auth/principal-repository';

/**
 * The activity-log change of a user's edit of their own account (profile, language, password):
 * an update of their `{kind}_user` row, in their organisation's log (an admin's in the platform's).
 */
export function ownUserChange(
  principal: Principal,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Change {
  const profile = principal.profile;
  return {
    event: 'updated',
    entityType: `${principal.kind}_user`,
    entityId: profile?.id ?? principal.accountId,
    agencyId: profile?.agency?.id ?? null,
    advertiserId: profile?.advertiser?.id ?? null,
    before,
    after,
  };
}
