import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Locale, setLocale, supportedLocales } from '../../lib/i18n';
import { Icon } from '../icons/icon';
import styles from './locale-switcher.module.css';

/**
 * English / Polski (spec section 1). The choice is stored in the locale cookie. The other
 * language's texts load on the switch: meanwhile the select shows the choice, busy, and the page
 * stays in its language; if they cannot load, it stays so and says why. `tone="dark"` suits a
 * dark background (the account pages' brand column).
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
  const [loading, setLoading] = useState<Locale | null>(null);
  const [failed, setFailed] = useState(false);
  const current = (supportedLocales as readonly string[]).includes(i18n.language) ? i18n.language : 'en';
  // Busy until the page is in the chosen language: i18next re-renders it in the new language a
  // moment before `setLocale` resolves, and the select's state follows in that same render.
  const busy = loading !== null && loading !== current;

  const choose = async (locale: Locale) => {
    setLoading(locale);
    setFailed(false);
    const switched = await setLocale(locale);
    setLoading(null);
    setFailed(!switched);
  };

  return (
    <div className={[styles.switcher, className].filter(Boolean).join(' ')} data-tone={tone}>
      <label htmlFor={id} className={styles.label}>
        <Icon name="globe" size={16} />
        <span className="visually-hidden">{t('locale.label')}</span>
      </label>
      <select
        id={id}
        className={styles.select}
        value={loading ?? current}
        aria-busy={busy}
        onChange={(event) => void choose(event.target.value as Locale)}
      >
        {supportedLocales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`locale.${locale}`)}
          </option>
        ))}
      </select>
      {busy && (
        <span role="status" className="visually-hidden">
          {t('loading')}
        </span>
      )}
      {failed && (
        <span role="alert" className={styles.failed}>
          {t('errors.communication')}
        </span>
      )}
    </div>
  );
}
