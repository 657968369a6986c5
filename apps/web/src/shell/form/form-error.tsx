import type { ReactNode } from 'react';
import styles from './form.module.css';

/** A form's message that belongs to no field (spec section 5), announced as it appears. */
export function FormError({ message }: { message: ReactNode }) {
  if (!message) return null;
  return (
    <div className={styles.formError} role="alert">
      {message}
    </div>
  );
}
