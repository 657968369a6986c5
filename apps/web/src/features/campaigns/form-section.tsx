import type { ReactNode } from 'react';
import styles from './campaigns.module.css';

/** One card of a step of the campaign form, named by its heading (under the step's). */
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
      <h3 id={id} className={styles.cardHeading}>
        {title}
      </h3>
      {lead && <p className={styles.cardLead}>{lead}</p>}
      {children}
    </section>
  );
}
