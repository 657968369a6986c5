import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { Button } from '../../shell/button/button';
import { organisationStyles as orgStyles } from '../organisations';
import { CreditLimitDialog } from './credit-limit-dialog';
import { ManualOperationDialog } from './manual-operation-dialog';
import type { MoneyOrganisation } from './manual-operation-organisation';
import styles from './top-up-request.module.css';

/**
 * The admin's money actions on an agency's or advertiser's page: a balance operation (top-up,
 * correction, refund) and the credit limit. Shown only to roles that may write payments.
 */
export function ManualOperationActions({ organisation }: { organisation: MoneyOrganisation }) {
  const { t } = useTranslation('top-up-requests');
  const canWrite = useCan('payments', 'write');
  const [open, setOpen] = useState<'operation' | 'credit' | null>(null);
  if (!canWrite) return null;
  const close = () => setOpen(null);
  return (
    <section className={orgStyles.card} aria-labelledby="money-actions-heading">
      <h2 id="money-actions-heading" className={orgStyles.cardHeading}>
        {t('money.heading')}
      </h2>
      <p className={styles.lead}>{t('money.lead')}</p>
      <div className={styles.actions}>
        <Button variant="outline" onClick={() => setOpen('credit')}>
          {t('creditLimit.open')}
        </Button>
        <Button onClick={() => setOpen('operation')}>{t('manualOperation.open')}</Button>
      </div>
      {open === 'operation' && <ManualOperationDialog organisation={organisation} onClose={close} />}
      {open === 'credit' && <CreditLimitDialog organisation={organisation} onClose={close} />}
    </section>
  );
}
