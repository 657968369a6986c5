import type { LogCreditDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import type { Column } from '../../shell/list/data-table';
import { initiatorText } from './money-cells';
import { MoneyList, moneyFilterKeys } from './money-list';
import styles from './payments.module.css';
import { type PaymentsPanel, useLogCredits } from './payments-api';
import { useMoneyFilters } from './use-money-filters';

/** Changes of the credit limit and of spending on credit, with who made them and why. */
export function CreditChangesTab({ panel }: { panel: PaymentsPanel }) {
  const { t } = useTranslation('payments');
  const filters = useMoneyFilters(moneyFilterKeys(panel, []));
  const query = useLogCredits(panel, filters.apiParams);
  const money = (value: number, row: LogCreditDto) =>
    formatMoney(value, row.currency, t('common:currencyNotSet'));
  const onOff = (value: boolean) => t(value ? 'credits.on' : 'credits.off');

  const columns: Column<LogCreditDto>[] = [
    {
      key: 'limit',
      header: t('columns.creditLimit'),
      align: 'end',
      cell: (row) => (
        <span className={styles.nowrap}>
          {t('change', {
            before: money(row.creditLimitBefore, row),
            after: money(row.creditLimitAfter, row),
          })}
        </span>
      ),
    },
    {
      key: 'use',
      header: t('columns.useCreditLimit'),
      cell: (row) =>
        t('change', { before: onOff(row.useCreditLimitBefore), after: onOff(row.useCreditLimitAfter) }),
    },
    { key: 'initiator', header: t('columns.initiator'), cell: (row) => initiatorText(t, row) },
    { key: 'reason', header: t('columns.reason'), cell: (row) => row.reason ?? '' },
  ];

  return <MoneyList panel={panel} texts="credits" filters={filters} query={query} columns={columns} />;
}
