import type { ReportEmailSettingsBody, ReportEmailSettingsDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { unauthenticated } from '../../../core/errors';
import type { Principal } from '../../identity';
import { ownUserChange } from '../../identity';
import { type Actor, recordActivity } from '../../platform';
import { isSubscribed, setSubscribed } from './repository';

/**
 * The user switches their weekly report e-mail on or off (an activity-log row when it changes).
 * Nobody gets it until they switch it on: it is an extra, recurring mail, so existing users
 * (admins included) are not signed up by a migration, and users added later start without it;
 * each user decides for themselves, in their own settings.
 */
export async function setReportEmailSettings(
  deps: AppDeps,
  principal: Principal,
  body: ReportEmailSettingsBody,
  actor: Actor,
): Promise<ReportEmailSettingsDto> {
  const profile = principal.profile;
  if (!profile) throw unauthenticated();
  const before = await isSubscribed(deps.db, profile.id);
  await setSubscribed(deps.db, profile.id, body.weekly);
  await recordActivity(deps, actor, [
    ownUserChange(principal, { weeklyReportEmail: before }, { weeklyReportEmail: body.weekly }),
  ]);
  return { weekly: body.weekly };
}
