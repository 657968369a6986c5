import type { ReactNode } from 'react';
import styles from './campaigns.module.css';

/** One card of the campaign form, named by its heading. */
export function FormSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.cardHeading}>
        {title}
      </h2>
      {lead && <p className={styles.cardLead}>{lead}</p>}
      {children}
    </section>
  );
}
