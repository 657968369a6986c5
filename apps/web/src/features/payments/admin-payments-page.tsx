import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shell/page-title';
import { CreditChangesTab } from './credit-changes-tab';
import { OnlinePaymentsTab } from './online-payments-tab';
import styles from './payments.module.css';
import { type PaymentsTab, PaymentsTabs } from './payments-tabs';
import { TransactionsTab } from './transactions-tab';

/** The tabs of the admin's payments page, in order (more tabs join this list). */
export const adminPaymentsTabs = (): PaymentsTab[] => [
  { id: 'transactions', labelKey: 'tabs.transactions', render: () => <TransactionsTab panel="admin" /> },
  { id: 'credits', labelKey: 'tabs.credits', render: () => <CreditChangesTab panel="admin" /> },
  { id: 'online', labelKey: 'tabs.online', render: () => <OnlinePaymentsTab panel="admin" /> },
];

/** /panel/admin/payments: every organisation's money records, filtered by organisation, type and days. */
export function AdminPaymentsPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('title'));
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead.admin')}</p>
        </div>
      </header>
      <PaymentsTabs tabs={adminPaymentsTabs()} />
    </div>
  );
}
