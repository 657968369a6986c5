import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Locale, setLocale, supportedLocales } from '../../lib/i18n';
import { Icon } from '../icons/icon';
import styles from './locale-switcher.module.css';

/**
 * English / Polski (spec section 1). The choice is stored in the locale cookie. `tone="dark"`
 * suits a dark background (the account pages' brand column).
 */
export function LocaleSwitcher({
  className,
  tone = 'light',
}: {
  className?: string;
  tone?: 'light' | 'dark';
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = (supportedLocales as readonly string[]).includes(i18n.language) ? i18n.language : 'en';
  return (
    <div className={[styles.switcher, className].filter(Boolean).join(' ')} data-tone={tone}>
      <label htmlFor={id} className={styles.label}>
        <Icon name="globe" size={16} />
        <span className="visually-hidden">{t('locale.label')}</span>
      </label>
      <select
        id={id}
        className={styles.select}
        value={current}
        onChange={(event) => void setLocale(event.target.value as Locale)}
      >
        {supportedLocales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`locale.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
