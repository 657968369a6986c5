import type { CurrencyRef } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../lib/format';
import styles from './payments.module.css';

/** Net, tax (rounded half up to a minor unit, as the API does) and gross of a net amount. */
export function taxedAmounts(net: number, taxPercent: number) {
  const tax = Number((BigInt(net) * BigInt(Math.round(taxPercent * 100)) + 5_000n) / 10_000n);
  return { net, tax, gross: net + tax };
}

/** What a top-up of `net` costs: the amount credited, the VAT on it and the total to pay. */
export function TopUpPreview({
  net,
  taxPercent,
  taxNote,
  currency,
}: {
  net: number | null;
  taxPercent: number;
  taxNote: string | null;
  currency: CurrencyRef | null;
}) {
  const { t } = useTranslation('payments');
  const amounts = taxedAmounts(net ?? 0, taxPercent);
  const money = (value: number) => formatMoney(value, currency, t('common:currencyNotSet'));
  return (
    <dl className={styles.preview} aria-label={t('topUp.preview')} aria-live="polite">
      <dt>{t('topUp.net')}</dt>
      <dd>{money(amounts.net)}</dd>
      <dt>{t('topUp.tax', { percent: formatPercent(taxPercent) })}</dt>
      <dd>{money(amounts.tax)}</dd>
      <dt className={styles.total}>{t('topUp.gross')}</dt>
      <dd className={styles.total}>{money(amounts.gross)}</dd>
      {taxNote && <dd className={styles.note}>{t(`taxNotes.${taxNote}`)}</dd>}
    </dl>
  );
}
