import type { CurrencyRef } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { FiguresCard } from './figures-card';
import styles from './organisation.module.css';

export interface Money {
  currency: CurrencyRef | null;
  balance: number;
  /** An advertiser's agency-funded balance. */
  balanceAgency?: number;
  /** An agency's commission earned on its advertisers' spend. */
  commission?: number;
  creditLimit: number;
  creditValue: number;
  availableCredit: number;
  useCreditLimit: boolean;
}

/** An amount in minor units per spec section 5: 2 decimals and the symbol, or 'Currency not set'. */
export function Amount({ value, currency }: { value: number; currency: CurrencyRef | null }) {
  const { t } = useTranslation();
  return (
    <span className={[styles.amount, value < 0 ? styles.negative : ''].filter(Boolean).join(' ')}>
      {formatMoney(value, currency, t('common:currencyNotSet'))}
    </span>
  );
}

/** Balance (and commission earned), credit limit, credit in use and available credit (spec section 3's derived values). */
export function MoneySummary({ money }: { money: Money }) {
  const { t } = useTranslation('organisations');
  const figures: [key: string, value: number][] = [
    ['balance', money.balance],
    ...(money.balanceAgency === undefined
      ? []
      : [['balanceAgency', money.balanceAgency] as [string, number]]),
    ...(money.commission === undefined ? [] : [['commission', money.commission] as [string, number]]),
    ['creditLimit', money.creditLimit],
    ['creditValue', money.creditValue],
    ['availableCredit', money.availableCredit],
  ];
  return (
    <FiguresCard
      id="money-heading"
      heading={t('money.heading')}
      figures={figures.map(([key, value]) => [
        t(`money.${key}`),
        <Amount key={key} value={value} currency={money.currency} />,
      ])}
      note={!money.useCreditLimit && t('money.creditOff')}
    />
  );
}
