import { type OnlinePaymentDto, onlinePaymentStatuses } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { Badge, type BadgeTone } from '../../shell/badge/badge';
import { SelectField } from '../../shell/form/select-field';
import type { Column } from '../../shell/list/data-table';
import { InvoiceLink } from '../invoices';
import { MoneyList, moneyFilterKeys } from './money-list';
import styles from './payments.module.css';
import { type PaymentsPanel, useOnlinePayments } from './payments-api';
import { useMoneyFilters } from './use-money-filters';

const tones: Record<OnlinePaymentDto['status'], BadgeTone> = {
  pending: 'warning',
  paid: 'success',
  expired: 'muted',
  failed: 'alert',
};

/** Online payments with their state; a pending one can still be paid on its checkout page. */
export function OnlinePaymentsTab({ panel }: { panel: PaymentsPanel }) {
  const { t } = useTranslation('payments');
  const filters = useMoneyFilters(moneyFilterKeys(panel, ['status']));
  const query = useOnlinePayments(panel, filters.apiParams);
  const money = (value: number, row: OnlinePaymentDto) =>
    formatMoney(value, row.currency, t('common:currencyNotSet'));

  const columns: Column<OnlinePaymentDto>[] = [
    {
      key: 'status',
      header: t('columns.status'),
      cell: (row) => (
        <>
          <Badge tone={tones[row.status]}>{t(`onlineStatuses.${row.status}`)}</Badge>
          {row.failureReason && <span className={styles.sub}>{row.failureReason}</span>}
        </>
      ),
    },
    { key: 'net', header: t('topUp.net'), align: 'end', cell: (row) => money(row.net, row) },
    { key: 'gross', header: t('topUp.gross'), align: 'end', cell: (row) => money(row.gross, row) },
    {
      key: 'invoice',
      header: t('columns.invoice'),
      cell: (row) => (row.invoice ? <InvoiceLink panel={panel} invoice={row.invoice} /> : ''),
    },
    {
      key: 'checkout',
      header: t('columns.action'),
      cell: (row) =>
        row.status === 'pending' && row.checkoutUrl && panel !== 'admin' ? (
          <a className={styles.link} href={row.checkoutUrl}>
            {t('online.continue')}
          </a>
        ) : null,
    },
  ];

  return (
    <MoneyList
      panel={panel}
      texts="online"
      filters={filters}
      query={query}
      columns={columns}
      ownFilters={(field) => (
        <SelectField
          label={t('filters.status')}
          placeholder={t('filters.anyStatus')}
          options={onlinePaymentStatuses.map((value) => ({ value, label: t(`onlineStatuses.${value}`) }))}
          {...field('status')}
        />
      )}
    />
  );
}
