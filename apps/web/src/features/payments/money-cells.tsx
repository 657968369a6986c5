import type { CurrencyRef, LogCreditDto, PaymentDto, PersonRef } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import styles from './payments.module.css';

/** A movement's value: '+' in, '-' out, coloured. */
export function SignedAmount({ value, currency }: { value: number; currency: CurrencyRef | null }) {
  const { t } = useTranslation();
  const text = formatMoney(value, currency, t('common:currencyNotSet'));
  return (
    <span className={value < 0 ? styles.negative : styles.positive}>
      {value > 0 && currency ? `+${text}` : text}
    </span>
  );
}

/** Who started an operation, and the admin acting as them; 'System' without anyone. */
export function initiatorText(
  t: TFunction,
  entry: { initiator: PersonRef | null; impersonator: PersonRef | null },
): string {
  const who = entry.initiator ? entry.initiator.name || entry.initiator.email : t('payments:system');
  if (!entry.impersonator) return who;
  return t('payments:asImpersonator', {
    name: who,
    admin: entry.impersonator.name || entry.impersonator.email,
  });
}

/** The agency and/or advertiser a record belongs to (the admin's lists). */
export function organisationText(
  t: TFunction,
  entry: Pick<PaymentDto | LogCreditDto, 'agency' | 'advertiser'>,
): string {
  const names = [entry.agency?.name, entry.advertiser?.name].filter(Boolean);
  return names.length ? names.join(' / ') : t('payments:none');
}
