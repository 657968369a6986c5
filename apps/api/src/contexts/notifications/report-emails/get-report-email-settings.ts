import type { ReportEmailSettingsDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { unauthenticated } from '../../../core/errors';
import type { Principal } from '../../identity';
import { isSubscribed } from './repository';

/** The signed-in advertiser user's own report e-mails. */
export async function getReportEmailSettings(
  deps: AppDeps,
  principal: Principal,
): Promise<ReportEmailSettingsDto> {
  const profile = principal.profile;
  if (!profile) throw unauthenticated();
  return { weekly: await isSubscribed(deps.db, profile.id) };
}
