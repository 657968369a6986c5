import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../shell/form/failure-text';
import { SearchBox } from '../../shell/list/search-box';
import styles from './support.module.css';
import { type CustomerPanel, useFaqs } from './support-api';

/**
 * The FAQs of the user's language (English when it has none), as an accordion with a search:
 * each question opens its answer.
 */
export function FaqList({ panel }: { panel: CustomerPanel }) {
  const { t, i18n } = useTranslation('support');
  const [search, setSearch] = useState('');
  const faqs = useFaqs(panel, { locale: i18n.language, search: search || undefined });
  const elements = faqs.data?.elements ?? [];
  const fallback = elements.length > 0 && elements.every((faq) => faq.locale !== i18n.language);

  return (
    <section className={styles.card} aria-labelledby="support-faq-heading">
      <h2 id="support-faq-heading" className={styles.cardHeading}>
        {t('faq.heading')}
      </h2>
      <SearchBox value={search} label={t('faq.search')} onSearch={setSearch} />
      {faqs.isError ? (
        <p className={styles.muted} role="alert">
          {failureText(t, faqs.error)}
        </p>
      ) : !faqs.data ? (
        <p className={styles.muted}>{t('common:loading')}</p>
      ) : elements.length === 0 ? (
        search ? (
          <p className={styles.muted}>{t('faq.noMatch', { search })}</p>
        ) : (
          <div className={styles.state}>
            <p className={styles.stateTitle}>{t('faq.emptyTitle')}</p>
            <p className={styles.muted}>{t('faq.emptyBody')}</p>
          </div>
        )
      ) : (
        <>
          {fallback && <p className={styles.note}>{t('faq.fallback')}</p>}
          <ul className={styles.faqs} aria-busy={faqs.isFetching || undefined}>
            {elements.map((faq) => (
              <li key={faq.id}>
                <details className={styles.faq}>
                  <summary>{faq.question}</summary>
                  <p className={styles.answer}>{faq.answer}</p>
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
