import type { AlertDigestSettingsBody, AlertDigestSettingsDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { ownUserChange, type Principal } from '../../identity';
import { type Actor, recordActivity } from '../../platform';
import { isSubscribed, setSubscribed } from './repository';

/**
 * The user switches their daily alert digest on or off (an activity-log row when it changes).
 * Nobody gets it until they switch it on, as the weekly report e-mail: it is an extra, recurring
 * mail, so each user decides for themselves, in their own settings.
 */
export async function setAlertDigestSettings(
  deps: AppDeps,
  principal: Principal,
  body: AlertDigestSettingsBody,
  actor: Actor,
): Promise<AlertDigestSettingsDto> {
  const before = await isSubscribed(deps.db, principal.accountId);
  await setSubscribed(deps.db, principal.accountId, body.daily);
  if (before !== body.daily)
    await recordActivity(deps, actor, [
      ownUserChange(principal, { dailyAlertDigest: before }, { dailyAlertDigest: body.daily }),
    ]);
  return { daily: body.daily };
}
