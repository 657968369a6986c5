import type { OrganisationKind } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './payments.module.css';

/** Where an organisation completes its billing data. */
export const billingProfilePath = (kind: OrganisationKind) =>
  kind === 'agency' ? '/panel/agency/agencies/me' : '/panel/advertiser/advertisers/me';

/**
 * Top-ups are refused while the billing data is incomplete: what is missing, and where to add it.
 */
export function BillingIncompleteNotice({ kind, missing }: { kind: OrganisationKind; missing: string[] }) {
  const { t } = useTranslation('payments');
  return (
    <div className={styles.notice} role="status">
      <p>
        <strong>{t('messages.billingIncomplete')}</strong>
      </p>
      {missing.length > 0 && (
        <>
          <p>{t('billing.missingLead')}</p>
          <ul className={styles.missing} aria-label={t('billing.missingLabel')}>
            {missing.map((field) => (
              <li key={field}>{t(`organisations:billing.fields.${field}`)}</li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link className={styles.link} to={billingProfilePath(kind)}>
          {t('billing.complete')}
        </Link>
      </p>
    </div>
  );
}
