import styles from './page/page.module.css';
import { usePageTitle } from './page-title';

/** A page the signed-in user may not open: its title and why (the API refuses it as well). */
export function Refusal({ title, message }: { title: string; message: string }) {
  usePageTitle(title);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <p className={styles.state} role="status">
        {message}
      </p>
    </div>
  );
}
