import { ledgerTransactionTypes, organisationAccountPurposes, type PaymentDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { SelectField } from '../../shell/form/select-field';
import type { Column } from '../../shell/list/data-table';
import { InvoiceLink } from '../invoices';
import { initiatorText, SignedAmount } from './money-cells';
import { MoneyList, moneyFilterKeys } from './money-list';
import styles from './payments.module.css';
import { type PaymentsPanel, usePayments } from './payments-api';
import { useMoneyFilters } from './use-money-filters';

/**
 * The balance movements: date, operation, value, balance before and after, who and why, and the
 * invoice. A line is named by its operation on its account (a spend is a commission credit on an
 * agency's commission account); a day's spend of a campaign is one line, naming the campaign and
 * how many ledger postings it sums (its date: the last one's). The admin's list spans every organisation (each row names it) with its filters.
 */
export function TransactionsTab({ panel }: { panel: PaymentsPanel }) {
  const { t } = useTranslation('payments');
  const admin = panel === 'admin';
  const filters = useMoneyFilters(moneyFilterKeys(panel, admin ? ['type', 'account'] : ['type']));
  const query = usePayments(panel, filters.apiParams);
  const notSet = t('common:currencyNotSet');
  const money = (value: number, row: PaymentDto) => formatMoney(value, row.currency, notSet);

  const columns: Column<PaymentDto>[] = [
    {
      key: 'type',
      header: t('columns.type'),
      cell: (row) => (
        <>
          {t(`types.${row.type}`, { context: row.account })}
          {row.counterparty && <span className={styles.sub}>{row.counterparty.name}</span>}
          {row.campaign && <span className={styles.sub}>{row.campaign.name}</span>}
          {row.postings > 1 && (
            <span className={styles.sub}>{t('transactions.postings', { count: row.postings })}</span>
          )}
          {row.account === 'agency_balance' && (
            <span className={styles.sub}>{t('accounts.agency_balance')}</span>
          )}
        </>
      ),
    },
    {
      key: 'amount',
      header: t('columns.amount'),
      align: 'end',
      cell: (row) => <SignedAmount value={row.amount} currency={row.currency} />,
    },
    {
      key: 'balance',
      header: t('columns.balance'),
      align: 'end',
      cell: (row) => (
        <span className={styles.nowrap}>
          {t('change', { before: money(row.balanceBefore, row), after: money(row.balanceAfter, row) })}
        </span>
      ),
    },
    { key: 'initiator', header: t('columns.initiator'), cell: (row) => initiatorText(t, row) },
    { key: 'reason', header: t('columns.reason'), cell: (row) => row.reason ?? '' },
    {
      key: 'invoice',
      header: t('columns.invoice'),
      cell: (row) => (row.invoice ? <InvoiceLink panel={panel} invoice={row.invoice} /> : ''),
    },
  ];

  return (
    <MoneyList
      panel={panel}
      texts="transactions"
      filters={filters}
      query={query}
      columns={columns}
      ownFilters={(field) => (
        <>
          <SelectField
            label={t('filters.type')}
            placeholder={t('filters.anyType')}
            options={ledgerTransactionTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
            {...field('type')}
          />
          {admin && (
            <SelectField
              label={t('filters.account')}
              placeholder={t('filters.anyAccount')}
              options={organisationAccountPurposes.map((value) => ({ value, label: t(`accounts.${value}`) }))}
              {...field('account')}
            />
          )}
        </>
      )}
    />
  );
}
