import type { ProductPrice as Price } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { type CurrencyOf, useCurrencyOf } from '../../account/reference-data';
import { formatMoney, formatNumber, MICROS_PER_MINOR } from '../../lib/format';
import styles from './products.module.css';

/** A feed price in the spec's money format; without a currency, the amount alone. */
function priceText(price: Price, currencyOf: CurrencyOf): string {
  return price.currency
    ? formatMoney(price.micros / MICROS_PER_MINOR, currencyOf(price.currency), price.currency)
    : formatNumber(price.micros / MICROS_PER_MINOR / 100, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
}

/** The price, or the regular price crossed out and the sale price after it (both named for screen readers). */
export function ProductPriceText({ price, salePrice }: { price: Price; salePrice: Price | null }) {
  const { t } = useTranslation('products');
  const currencyOf = useCurrencyOf();
  const formatPrice = (shown: Price) => priceText(shown, currencyOf);
  if (!salePrice) return <span className={styles.price}>{formatPrice(price)}</span>;
  return (
    <span className={styles.price}>
      <span className="visually-hidden">{t('price.regular')}: </span>
      <del>{formatPrice(price)}</del>
      <span className="visually-hidden">{t('price.sale')}: </span>
      <strong>{formatPrice(salePrice)}</strong>
    </span>
  );
}
