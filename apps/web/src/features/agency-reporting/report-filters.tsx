import {
  agencyReportDimensions,
  REPORT_HOUR_MAX_DAYS,
  reportMessages,
  reportRangeIssue,
  reportTimeGroupings,
} from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { SelectField } from '../../shell/form/select-field';
import type { Period } from '../reports/report-periods';
import { AdvertiserFilter } from './advertiser-filter';
import { type AgencyReportParams, type ParamChanges, periodIssue } from './agency-report-params';
import styles from './agency-reporting.module.css';
import { agencyReportMessages } from './agency-reporting-api';
import { CampaignFilter } from './campaign-filter';
import { PeriodFilter } from './period-filter';

/**
 * What the report covers and how it splits: the period, an advertiser and one of its campaigns,
 * rows by advertiser or campaign, and a time split (by hour only up to 31 days). What the API
 * would refuse is an error on its field.
 */
export function ReportFilters({
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
  const canReadAdvertisers = useCan('advertisers', 'read');
  const issue = periodIssue(period, params.time);
  const hourIssue = issue?.message === reportMessages.hourRangeTooLong;
  const issueText = issue ? agencyReportMessages.localise(t, issue.message) : '';
  const hourRefused =
    period.from && period.to ? reportRangeIssue(period.from, period.to, 'hour') !== null : false;

  return (
    <section className={styles.filters} aria-label={t('filters.label')}>
      <PeriodFilter
        period={period}
        today={today}
        error={issue && !hourIssue ? { path: issue.path, text: issueText } : undefined}
        onChange={onChange}
      />
      <div className={styles.fields}>
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
        <SelectField
          className={styles.field}
          label={t('filters.by')}
          value={params.by}
          onChange={(event) => onChange({ by: event.target.value })}
          options={agencyReportDimensions.map((by) => ({ value: by, label: t(`by.${by}`) }))}
        />
        <SelectField
          className={styles.field}
          label={t('filters.time')}
          value={params.time}
          error={hourIssue ? issueText : undefined}
          hint={
            hourRefused && !hourIssue ? t('filters.hourLimit', { days: REPORT_HOUR_MAX_DAYS }) : undefined
          }
          onChange={(event) =>
            onChange({
              time: event.target.value,
              // Without a time split there is no period to sort by.
              ...(event.target.value === 'none' && params.sort === 'period'
                ? { sort: undefined, order: undefined }
                : {}),
            })
          }
          options={reportTimeGroupings.map((time) => ({
            value: time,
            label: t(`time.${time}`),
            disabled: time === 'hour' && hourRefused && params.time !== 'hour',
          }))}
        />
      </div>
    </section>
  );
}
