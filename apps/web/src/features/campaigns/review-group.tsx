import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './campaigns.module.css';

/** One choice in the review: what it is, and what was chosen. */
export type ReviewRow = readonly [label: string, value: ReactNode];

/** One step's choices in the review: its title, a link back to the step, and the choices. */
export function ReviewGroup({
  title,
  editSearch,
  rows,
}: {
  title: string;
  editSearch: string;
  rows: ReviewRow[];
}) {
  const { t } = useTranslation('campaigns');
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.reviewHead}>
        <h3 id={id} className={styles.cardHeading}>
          {title}
        </h3>
        <Link
          to={{ search: editSearch }}
          className={styles.fixLink}
          aria-label={t('review.editStep', { step: title })}
        >
          {t('review.edit')}
        </Link>
      </div>
      <dl className={styles.review}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
