import { agencyReportDimensions } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import type { Period } from '../reports';
import { periodIssues, ReportGrouping, ReportPeriod, reportsStyles as styles } from '../reports';
import { AdvertiserFilter } from './advertiser-filter';
import { type AgencyReportParams, type ParamChanges, periodIssue } from './agency-report-params';
import { CampaignFilter } from './campaign-filter';

/**
 * What the agency's report covers and how it splits: the period (the advertiser's report's
 * presets and days), an advertiser and one of its campaigns, the comparison with the as-many
 * days before (the advertiser's report's), a time split (by hour only up to
 * 31 days) and rows by advertiser or campaign. What the API would refuse is an error on its field.
 */
export function AgencyReportFilters({
  params,
  period,
  today,
  onChange,
}: {
  params: AgencyReportParams;
  /** The period shown: the one asked for, else the one the API answered. */
  period: Partial<Period>;
  today: string;
  onChange: (changes: ParamChanges) => void;
}) {
  const { t } = useTranslation('agency-reporting');
  const { t: tr } = useTranslation('reports');
  const canReadAdvertisers = useCan('advertisers', 'read');
  const issues = periodIssues(periodIssue(period, params.time), t);

  return (
    <section className={styles.filters} aria-label={t('filters.label')}>
      <ReportPeriod period={period} today={today} issue={issues.issue} onChange={onChange}>
        {canReadAdvertisers && (
          <AdvertiserFilter
            advertiserId={params.advertiserId}
            onChange={(advertiserId) => onChange({ advertiserId, campaignId: undefined })}
          />
        )}
        {canReadAdvertisers && params.advertiserId && (
          <CampaignFilter
            period={period}
            advertiserId={params.advertiserId}
            campaignId={params.campaignId}
            enabled={periodIssue(period, 'none') === null}
            onChange={(campaignId) => onChange({ campaignId })}
          />
        )}
      </ReportPeriod>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={params.compare}
          onChange={(event) => onChange({ compare: event.target.checked })}
        />
        {tr('filters.compare')}
      </label>
      <ReportGrouping
        time={params.time}
        by={params.by}
        dimensions={agencyReportDimensions}
        period={period}
        timeError={issues.timeError}
        onChange={(changes) =>
          onChange({
            ...changes,
            // Without a time split there is no period to sort by.
            ...(changes.time === 'none' && params.sort === 'period'
              ? { sort: undefined, order: undefined }
              : {}),
          })
        }
      />
    </section>
  );
}
