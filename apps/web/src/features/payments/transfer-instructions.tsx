import type { LogTopUpRequestDto } from '@rtb/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../lib/format';
import { CopyableText } from '../../shell/button/copyable-text';
import { BankAccountValue } from './bank-account-value';
import styles from './payments.module.css';

/** What to send after asking for a bank transfer top-up: the title, the account and the amounts. */
export function TransferInstructions({ request }: { request: LogTopUpRequestDto }) {
  const { t } = useTranslation('payments');
  const money = (value: number) => formatMoney(value, request.currency, t('common:currencyNotSet'));
  // The form that had the focus is gone: the instructions take it (and Escape still closes the panel).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="transfer-instructions-heading">
      <h3 id="transfer-instructions-heading" ref={heading} tabIndex={-1} className={styles.cardHeading}>
        {t('topUp.instructionsHeading')}
      </h3>
      <p className={styles.note}>{t('topUp.instructionsLead')}</p>
      <dl className={styles.preview}>
        <dt>{t('topUp.transferTitle')}</dt>
        <dd>
          <CopyableText text={request.transferTitle} what={t('topUp.transferTitle')} />
        </dd>
        <dt>{t('topUp.bankAccount')}</dt>
        <dd>
          <BankAccountValue account={request.bankAccount} what={t('topUp.bankAccount')} />
        </dd>
        <dt>{t('topUp.net')}</dt>
        <dd>{money(request.net)}</dd>
        <dt>{t('topUp.tax', { percent: formatPercent(request.taxPercent) })}</dt>
        <dd>{money(request.tax)}</dd>
        <dt className={styles.total}>{t('topUp.gross')}</dt>
        <dd className={styles.total}>{money(request.gross)}</dd>
      </dl>
    </section>
  );
}
