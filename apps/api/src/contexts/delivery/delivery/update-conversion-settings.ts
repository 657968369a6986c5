import { getConversionSettings, lockConversionSettings, updateConversionSettings } from '@rtb/delivery';
import type { ConversionSettings, ConversionSettingsBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type Actor, recordActivity } from '../../platform';

/**
 * `PUT /api/advertiser/tag/conversion-settings`: the maximum order value of browser
 * conversions (null: back to the default), written to the activity log.
 */
export async function changeConversionSettings(
  deps: AppDeps,
  advertiserId: number,
  body: ConversionSettingsBody,
  actor: Actor,
): Promise<ConversionSettings> {
  const before = await lockConversionSettings(deps.db, advertiserId);
  await updateConversionSettings(deps.db, advertiserId, { maxOrderValueMinor: body.maxOrderValueMinor });
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'conversion_settings',
      entityId: advertiserId,
      before: { maxOrderValueMinor: before.maxOrderValueMinor },
      after: { maxOrderValueMinor: body.maxOrderValueMinor },
      advertiserId,
    },
  ]);
  return getConversionSettings(deps, advertiserId);
}
