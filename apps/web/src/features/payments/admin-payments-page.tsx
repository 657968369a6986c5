import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shell/page-title';
import { BankAccountSetupNotice } from './bank-account-notice';
import styles from './payments.module.css';
import { PaymentsTabs } from './payments-tabs';

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
      <BankAccountSetupNotice />
      <PaymentsTabs panel="admin" />
    </div>
  );
}
