import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api-client';
import styles from './payments.module.css';

/**
 * Admin: while the seller's bank account is still the placeholder, users are shown no account
 * to pay to; this says so and links to the setting.
 */
export function BankAccountSetupNotice() {
  const { t } = useTranslation('payments');
  const setup = useQuery({
    queryKey: ['payments', 'admin', 'setup'],
    queryFn: async () => (await api.call(contract.payments.setup)).data.paymentsSetup,
  });
  if (!setup.data || setup.data.bankAccountConfigured) return null;
  const id = setup.data.bankAccountConfigValueId;
  return (
    <div className={styles.notice} role="status">
      <p>
        <strong>{t('setup.incomplete')}</strong>
      </p>
      <p>{t('setup.bankAccountPlaceholder')}</p>
      <p>
        <Link
          className={styles.link}
          to={id === null ? '/panel/admin/configs' : `/panel/admin/config-values/single?id=${id}`}
        >
          {t('setup.setBankAccount')}
        </Link>
      </p>
    </div>
  );
}
