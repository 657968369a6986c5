import type { AlertDigestSettingsDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import type { Principal } from '../../identity';
import { isSubscribed } from './repository';

/** The signed-in agency or advertiser user's own alert digest. */
export async function getAlertDigestSettings(
  deps: AppDeps,
  principal: Principal,
): Promise<AlertDigestSettingsDto> {
  return { daily: await isSubscribed(deps.db, principal.accountId) };
}
