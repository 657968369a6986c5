import { useTranslation } from 'react-i18next';
import { CopyableText } from '../../shell/button/copyable-text';
import styles from './payments.module.css';

/**
 * The account a bank transfer goes to, with its Copy button; until the platform has set a real
 * one (the API gives null for the placeholder), a note that it will be given here.
 */
export function BankAccountValue({
  account,
  what,
  className,
}: {
  account: string | null;
  what: string;
  className?: string;
}) {
  const { t } = useTranslation('payments');
  if (account === null) return <span className={styles.pending}>{t('topUp.bankAccountPending')}</span>;
  return <CopyableText className={className} text={account} what={what} />;
}
