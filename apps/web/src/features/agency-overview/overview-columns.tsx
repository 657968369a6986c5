import type { AgencyOverviewRowDto, PacingState } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { CurrencyOf } from '../../account/reference-data';
import { panelPrefix } from '../../auth/kinds';
import { Badge, type BadgeTone } from '../../shell/badge/badge';
import type { Column } from '../../shell/list/data-table';
import { campaignMoney, campaignSpend } from '../campaigns';
import { advertiserPath } from '../organisations';
import { areaMessage, StatusBadge } from '../rtb-views';
import { LogInAsButton } from '../users';
import styles from './agency-overview.module.css';

const pacingTones: Record<PacingState, BadgeTone> = { ahead: 'warning', on_track: 'success', behind: 'info' };

type Row = AgencyOverviewRowDto;

function AdvertiserCell({ row, t, canOpen }: { row: Row; t: TFunction; canOpen: boolean }) {
  return (
    <div className={styles.stack}>
      <Link to={advertiserPath('agency', row.advertiser.id)} className={styles.name}>
        {row.advertiser.name}
      </Link>
      <Link
        to={`${panelPrefix.agency}/reporting/advertisers/${row.advertiser.id}`}
        className={styles.detail}
        aria-label={t('report', { name: row.advertiser.name })}
      >
        {t('reportLink')}
      </Link>
      {canOpen && (
        <LogInAsButton
          place={{ panel: 'agency', kind: 'advertiser' }}
          organisationId={row.advertiser.id}
          name={row.advertiser.name}
          size="tiny"
          variant="outline"
          aria-label={t('openPanelOf', { name: row.advertiser.name })}
        >
          {t('openPanel')}
        </LogInAsButton>
      )}
      {row.alerts.length > 0 && (
        <ul className={styles.alerts} aria-label={t('alerts.label', { name: row.advertiser.name })}>
          {row.alerts.map((alert) => (
            <li key={alert}>
              <Badge tone={alert === 'funds_exhausted' || alert === 'feed_failing' ? 'alert' : 'warning'}>
                {t(`alerts.${alert}`)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TodayCell({ row, t, currencyOf }: { row: Row; t: TFunction; currencyOf: CurrencyOf }) {
  const { campaigns } = row;
  return (
    <div className={styles.stack}>
      <span>{campaignSpend(row.spend.todayMicros, currencyOf(row.currency))}</span>
      <span className={styles.detail}>
        {campaigns.unlimited
          ? t('today.unlimited')
          : campaigns.dailyBudgetMinor === null
            ? t('today.noBudget')
            : t('today.budget', {
                budget: campaignMoney(campaigns.dailyBudgetMinor, currencyOf(row.currency)),
              })}
      </span>
      {row.pacing && <Badge tone={pacingTones[row.pacing]}>{t(`pacing.${row.pacing}`)}</Badge>}
    </div>
  );
}

function CampaignsCell({ row, t }: { row: Row; t: TFunction }) {
  const { campaigns, status } = row;
  return (
    <div className={styles.stack}>
      <span>
        {campaigns.active
          ? t('campaigns.serving', { serving: campaigns.serving, count: campaigns.active })
          : t('campaigns.noneActive')}
      </span>
      {status.campaigns.commonStatus !== 'Ok' && (
        <span className={styles.detail}>{areaMessage(t, status.campaigns)}</span>
      )}
    </div>
  );
}

function FundsCell({ row, t, currencyOf }: { row: Row; t: TFunction; currencyOf: CurrencyOf }) {
  return (
    <div className={styles.stack}>
      <span>{campaignMoney(row.fundsMinor, currencyOf(row.currency))}</span>
      <span className={styles.detail}>
        {row.daysCovered === null ? t('funds.noSpend') : t('funds.days', { count: row.daysCovered })}
      </span>
    </div>
  );
}

function CreativesCell({ row, t }: { row: Row; t: TFunction }) {
  const counts = row.status.banners.params ?? {};
  const parts = (['approved', 'pending', 'rejected'] as const).flatMap((kind) =>
    Number(counts[kind] ?? 0) > 0 ? [t(`creatives.${kind}`, { count: Number(counts[kind]) })] : [],
  );
  return <span>{parts.length ? parts.join(' · ') : areaMessage(t, row.status.banners)}</span>;
}

function IntegrationCell({ row, t }: { row: Row; t: TFunction }) {
  return (
    <dl className={styles.integration}>
      {(['products', 'tags'] as const).map((area) => (
        <div key={area}>
          <dt>{t(`integration.${area}`)}</dt>
          <dd>
            <StatusBadge status={row.status[area].commonStatus} />
            {row.status[area].commonStatus !== 'Ok' && (
              <span className={styles.detail}>{areaMessage(t, row.status[area])}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The overview's columns: who, spend and pacing, serving, money, creatives, feed and tag; amounts with each currency's symbol. */
export function overviewColumns(
  t: TFunction,
  currencyOf: CurrencyOf,
  /** The user may log in as the agency's advertisers: each row opens its client's panel. */
  canOpen: boolean,
): Column<Row>[] {
  return [
    {
      key: 'name',
      header: t('columns.advertiser'),
      sortField: 'name',
      cell: (row) => <AdvertiserCell row={row} t={t} canOpen={canOpen} />,
    },
    {
      key: 'today',
      header: t('columns.today'),
      sortField: 'today',
      cell: (row) => <TodayCell row={row} t={t} currencyOf={currencyOf} />,
    },
    {
      key: 'yesterday',
      header: t('columns.yesterday'),
      sortField: 'yesterday',
      align: 'end',
      cell: (row) => campaignSpend(row.spend.yesterdayMicros, currencyOf(row.currency)),
    },
    {
      key: 'month',
      header: t('columns.month'),
      sortField: 'month',
      align: 'end',
      cell: (row) => campaignSpend(row.spend.monthMicros, currencyOf(row.currency)),
    },
    { key: 'campaigns', header: t('columns.campaigns'), cell: (row) => <CampaignsCell row={row} t={t} /> },
    {
      key: 'funds',
      header: t('columns.funds'),
      sortField: 'daysCovered',
      cell: (row) => <FundsCell row={row} t={t} currencyOf={currencyOf} />,
    },
    { key: 'creatives', header: t('columns.creatives'), cell: (row) => <CreativesCell row={row} t={t} /> },
    {
      key: 'integration',
      header: t('columns.integration'),
      cell: (row) => <IntegrationCell row={row} t={t} />,
    },
  ];
}
