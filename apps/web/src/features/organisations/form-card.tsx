import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '../../shell/button/button';
import { FormError } from '../../shell/form/form-error';
import styles from './organisation.module.css';

/**
 * A card with one form: its heading, the form's message, the fields (read-only without the
 * write permission) and the save button.
 */
export function FormCard({
  id,
  heading,
  lead,
  formError,
  canWrite,
  saving,
  submitLabel,
  onSubmit,
  children,
}: {
  id: string;
  heading: string;
  lead?: string;
  formError: string | null;
  canWrite: boolean;
  saving: boolean;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardHeading}>
        {heading}
      </h2>
      {lead && <p className={styles.cardLead}>{lead}</p>}
      <form onSubmit={canWrite ? onSubmit : (event) => event.preventDefault()} noValidate>
        <FormError message={formError} />
        <fieldset className={styles.fieldset} disabled={!canWrite}>
          {children}
        </fieldset>
        {canWrite && (
          <div className={styles.formActions}>
            <Button type="submit" layout="wide" loading={saving}>
              {submitLabel}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
