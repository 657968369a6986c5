import type { ReactNode } from 'react';
import styles from './organisation.module.css';

/** A card of labelled figures (money, terms), with a note below them. */
export function FiguresCard({
  id,
  heading,
  figures,
  note,
}: {
  id: string;
  heading: string;
  figures: [label: string, value: ReactNode][];
  note?: string | false;
}) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardHeading}>
        {heading}
      </h2>
      <dl className={styles.figures}>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {note && <p className={styles.note}>{note}</p>}
    </section>
  );
}
