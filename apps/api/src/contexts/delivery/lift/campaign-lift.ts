import { advertiserContexts } from '@rtb/delivery';
import { liftEstimate } from '@rtb/rtb';
import {
  type CampaignLiftDto,
  type CampaignLiftQuery,
  campaignMessages,
  LIFT_MAX_DAYS,
  type LiftGroupDto,
  liftPeriodTooLong,
  shiftDay,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField, notFound } from '../../../core/errors';
import { campaignLiftSettings } from '../../campaigns';
import { type LiftGroupCounts, liftGroupCounts } from './repository';

/**
 * The period asked for, absent ends filled in: to today, from the campaign's first day but at
 * most `LIFT_MAX_DAYS` back (a campaign not started yet reads today alone). Checked again once
 * filled in: a lone `from` can make it too long.
 */
function liftPeriodOf(
  query: CampaignLiftQuery,
  startDate: string,
  today: string,
): { from: string; to: string } {
  const to = query.to ?? today;
  const earliest = shiftDay(to, 1 - LIFT_MAX_DAYS);
  const first = startDate > earliest ? startDate : earliest;
  const from = query.from ?? (first > to ? to : first);
  if (liftPeriodTooLong(from, to)) throw invalidField('from', campaignMessages.liftRangeTooLong);
  return { from, to };
}

const groupDto = (group: LiftGroupCounts): LiftGroupDto => ({
  users: group.users,
  converters: group.converters,
  conversionRate: group.users ? group.converters / group.users : null,
  conversions: group.conversions,
  revenue: group.revenueMinor,
});

/**
 * `GET /api/advertiser/campaigns/:id/lift`: the advertiser's campaign's lift test over the
 * period: its exposed and held-out users, what they bought, and what the campaign caused
 * (`liftEstimate` of packages/rtb). A campaign that holds no one out has no test to read.
 */
export async function campaignLift(
  deps: AppDeps,
  advertiserId: number,
  campaignId: number,
  query: CampaignLiftQuery,
  now = new Date(),
): Promise<CampaignLiftDto> {
  const campaign = await campaignLiftSettings(deps, { advertiserId }, campaignId);
  const advertiser = (await advertiserContexts(deps, [advertiserId], now)).get(advertiserId);
  if (!campaign || !advertiser) throw notFound();
  const period = liftPeriodOf(query, campaign.startDate, advertiser.today);
  const test = {
    holdoutBps: campaign.holdoutBps,
    currency: advertiser.currency,
    ...period,
    windowDays: campaign.clickWindowDays,
  };
  if (campaign.holdoutBps === 0) return { ...test, groups: null, estimate: null };

  const { exposed, heldOut } = await liftGroupCounts(deps.db, {
    advertiserId,
    campaignId,
    timeZone: advertiser.timeZone,
    ...period,
    windowDays: campaign.clickWindowDays,
  });
  const microsPerMinor = 10 ** (6 - advertiser.currencyMinorUnits);
  const estimate = liftEstimate({
    exposedUsers: exposed.users,
    exposedConversions: exposed.converters,
    exposedRevenueMicros: exposed.revenueMinor * microsPerMinor,
    heldOutUsers: heldOut.users,
    heldOutConversions: heldOut.converters,
    heldOutRevenueMicros: heldOut.revenueMinor * microsPerMinor,
  });
  return {
    ...test,
    groups: { exposed: groupDto(exposed), heldOut: groupDto(heldOut) },
    estimate: estimate && {
      rateDifference: estimate.rateDifference,
      rateDifferenceInterval: estimate.rateDifferenceInterval,
      relativeLift: estimate.relativeLift,
      incrementalConversions: estimate.incrementalConversions,
      incrementalRevenue: Math.round(estimate.incrementalRevenueMicros / microsPerMinor),
      significant: estimate.significant,
    },
  };
}
