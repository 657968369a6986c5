import type { FormEventHandler, ReactNode } from 'react';
import { FormError } from '../../shell/form/form-error';
import styles from './banners.module.css';

/**
 * A form of a creative's side panel (edit, reject): a section named by its heading, the form's
 * own error, its fields, then its buttons.
 */
export function PanelForm({
  id,
  heading,
  formError,
  onSubmit,
  actions,
  children,
}: {
  /** The heading's id, which names the form. */
  id: string;
  heading: string;
  formError: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className={styles.panelSection} aria-labelledby={id}>
      <h3 id={id} className={styles.panelHeading}>
        {heading}
      </h3>
      <FormError message={formError} />
      {children}
      <div className={styles.formActions}>{actions}</div>
    </form>
  );
}
