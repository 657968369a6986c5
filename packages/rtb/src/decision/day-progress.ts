import { localTime } from '../local-time';
import type { CampaignInput } from '../types';
import { localMinute } from './local-clock';

/**
 * Share (0..1) of the campaign's serving time on its advertiser's current day that has passed:
 * its hours of the week on that day in its time zone, the current hour counted by minutes. A day
 * with no serving hour counts as over (1).
 */
export function dayProgress(campaign: Pick<CampaignInput, 'timeZone' | 'hoursOfWeek'>, now: Date): number {
  const { hourOfWeek } = localTime(now, campaign.timeZone);
  const dayStart = hourOfWeek - (hourOfWeek % 24);
  const servingHours =
    campaign.hoursOfWeek?.filter((hour) => hour >= dayStart && hour < dayStart + 24) ??
    Array.from({ length: 24 }, (_, i) => dayStart + i);
  if (servingHours.length === 0) return 1;
  let passed = 0;
  for (const hour of servingHours) {
    if (hour < hourOfWeek) passed += 1;
    else if (hour === hourOfWeek) passed += localMinute(now, campaign.timeZone) / 60;
  }
  return passed / servingHours.length;
}
