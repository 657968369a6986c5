import type { BillingField } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../shell/badge/badge';
import styles from './organisation.module.css';

/** Whether the billing data is complete (spec section 3's rule, computed by the API). */
export function BillingBadge({ complete }: { complete: boolean }) {
  const { t } = useTranslation('organisations');
  return (
    <Badge tone={complete ? 'success' : 'alert'}>
      {t(complete ? 'billing.complete' : 'billing.incomplete')}
    </Badge>
  );
}

/** The billing state with what is missing, in words. */
export function BillingState({ complete, missing }: { complete: boolean; missing: BillingField[] }) {
  const { t } = useTranslation('organisations');
  return (
    <section className={styles.card} aria-labelledby="billing-state-heading">
      <h2 id="billing-state-heading" className={styles.cardHeading}>
        {t('billing.stateHeading')}
      </h2>
      <BillingBadge complete={complete} />
      {complete ? (
        <p className={styles.note}>{t('billing.completeBody')}</p>
      ) : (
        <>
          <p className={styles.note}>{t('billing.missingLead')}</p>
          <ul className={styles.missingList} aria-label={t('billing.missingLabel')}>
            {missing.map((field) => (
              <li key={field}>{t(`billing.fields.${field}`)}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
