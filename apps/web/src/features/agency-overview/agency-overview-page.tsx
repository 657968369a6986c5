import { type OverviewAlert, overviewAlerts } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrencyOf } from '../../account/reference-data';
import { useCan } from '../../auth/can';
import { DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { SearchBox } from '../../shell/list/search-box';
import { usePageTitle } from '../../shell/page-title';
import { organisationStyles as styles } from '../organisations';
import { useAgencyOverview } from './agency-overview-api';
import { type AlertChoice, AlertFilter } from './alert-filter';
import { overviewColumns } from './overview-columns';
import { alertCounts, isOverviewSort, type OverviewSort, shownRows } from './overview-rows';

const alertOf = (value: string | null): AlertChoice =>
  value === 'any'
    ? 'any'
    : (overviewAlerts as readonly string[]).includes(value ?? '')
      ? (value as OverviewAlert)
      : null;

/**
 * /panel/agency/overview: every client of the agency on one screen (spend today against its
 * budgets, yesterday and this month, serving, funds and the days they cover, creatives, feed
 * and tag), with what needs attention first. The filter, search and order live in the address.
 */
export function AgencyOverviewPage() {
  const { t, i18n } = useTranslation('agency-overview');
  usePageTitle(t('title'));
  const overview = useAgencyOverview();
  const currencyOf = useCurrencyOf();
  // As on the advertiser's page: logging in as its administrator needs the advertiser users' write.
  const canOpen = useCan('advertiser-users', 'write');
  const [search, setSearch] = useSearchParams();
  const sort: OverviewSort = isOverviewSort(search.get('sort'))
    ? (search.get('sort') as OverviewSort)
    : 'alerts';
  const order =
    search.get('order') === 'asc'
      ? 'asc'
      : search.get('order') === 'desc'
        ? 'desc'
        : sort === 'name'
          ? 'asc'
          : 'desc';
  const alert = alertOf(search.get('alert'));
  const text = search.get('search') ?? '';
  const change = (changes: Record<string, string | null>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const rows = overview.data?.rows ?? [];
  const shown = overview.data && shownRows(rows, { search: text, alert }, sort, order, i18n.language);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>
      {overview.data?.truncated && <p role="status">{t('truncated', { count: rows.length })}</p>}
      <div className={listStyles.toolbar}>
        <AlertFilter
          counts={alertCounts(rows)}
          attention={rows.filter((row) => row.alerts.length > 0).length}
          value={alert}
          onChange={(value) => change({ alert: value })}
        />
        <SearchBox value={text} onSearch={(value) => change({ search: value })} label={t('search')} />
      </div>
      <DataTable
        caption={t('caption')}
        columns={overviewColumns(t, currencyOf, canOpen)}
        rows={shown}
        rowKey={(row) => row.advertiser.id}
        loading={overview.isPending}
        error={overview.isError ? t('loadFailed') : null}
        onRetry={() => void overview.refetch()}
        sort={sort}
        order={order}
        onSort={(field) =>
          change({
            sort: field,
            order: field === sort ? (order === 'asc' ? 'desc' : 'asc') : field === 'name' ? 'asc' : 'desc',
          })
        }
        empty={
          rows.length ? { title: t('empty.filtered') } : { title: t('empty.none'), body: t('empty.noneBody') }
        }
        compact
      />
    </div>
  );
}
