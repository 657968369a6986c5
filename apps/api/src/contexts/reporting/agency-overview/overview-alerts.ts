import type { OverviewAlert } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { getAgencyOverview, overviewOf } from './get-agency-overview';

/** What the overview raises about one advertiser. */
export interface AdvertiserAlerts {
  advertiser: { id: number; name: string };
  alerts: OverviewAlert[];
}

/**
 * The overview's alerts, by the same rules as the page, of the advertisers a user sees: an
 * agency's clients (those of its overview), or an advertiser alone. Only advertisers with at least
 * one alert, by name; each one's alerts in the overview's order.
 */
export async function overviewAlertsOf(
  deps: AppDeps,
  scope: { agencyId: number } | { advertiserId: number },
  now = new Date(),
): Promise<AdvertiserAlerts[]> {
  const overview =
    'agencyId' in scope
      ? await getAgencyOverview(deps, scope.agencyId, now)
      : await overviewOf(deps, [scope.advertiserId], now);
  return overview.rows
    .filter((row) => row.alerts.length > 0)
    .map((row) => ({ advertiser: row.advertiser, alerts: row.alerts }));
}
