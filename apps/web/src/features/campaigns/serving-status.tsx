import type { ServingReasonCode, ServingStatusDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../lib/format';
import { Badge } from '../../shell/badge/badge';
import styles from './campaigns.module.css';

const advertiserPanel = '/panel/advertiser';

/** Where the advertiser fixes a reason, when elsewhere than the campaign itself. */
const fixedAt: Partial<Record<ServingReasonCode, string>> = {
  no_approved_creative: `${advertiserPanel}/banners`,
  funds_exhausted: `${advertiserPanel}/payments`,
  billing_incomplete: `${advertiserPanel}/advertisers/me`,
  advertiser_not_verified: `${advertiserPanel}/advertisers/me`,
};
/** Reasons fixed in the campaign's own form or status. */
const fixedInCampaign = new Set<ServingReasonCode>([
  'draft',
  'paused',
  'archived',
  'finished',
  'scheduled',
  'total_budget_spent',
  'daily_budget_spent',
  'outside_hours',
]);

const destinationOf = (code: ServingReasonCode, campaignLink: string | undefined) =>
  fixedAt[code] ?? (fixedInCampaign.has(code) ? campaignLink : undefined);

/**
 * Whether a campaign serves, and why not, in words (the first question of a user whose campaign
 * does not spend). With `links`, the reasons link to where they are fixed (once per place): the banners, payments or
 * profile page, or the campaign (`campaignLink`, left out on the campaign's own page).
 */
export function ServingStatus({
  status,
  links = false,
  campaignLink,
}: {
  status: ServingStatusDto;
  links?: boolean;
  campaignLink?: string;
}) {
  const { t } = useTranslation('campaigns');
  const shown = new Set<string>();
  return (
    <div className={styles.serving}>
      <Badge tone={status.serving ? 'success' : 'alert'}>
        {t(status.serving ? 'serving.serving' : 'serving.notServing')}
      </Badge>
      {status.reasons.length > 0 && (
        <ul className={styles.reasons}>
          {status.reasons.map((reason) => {
            const to = links ? destinationOf(reason.code, campaignLink) : undefined;
            // One link to each place: the first reason fixed there carries it.
            const linked = to !== undefined && !shown.has(to);
            if (to) shown.add(to);
            return (
              <li key={reason.code}>
                {t(`serving.reasons.${reason.code}`, { date: formatDay(reason.date) })}
                {linked && (
                  <>
                    {' '}
                    <Link className={styles.fixLink} to={to}>
                      {t(`serving.fix.${fixedAt[reason.code] ? reason.code : 'campaign'}`)}
                    </Link>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
