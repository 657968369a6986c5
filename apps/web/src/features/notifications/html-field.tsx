import { forwardRef, type TextareaHTMLAttributes, useId } from 'react';
import formStyles from '../../shell/form/form.module.css';
import styles from './notifications.module.css';

export interface HtmlFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled source editor for a template's HTML, like TextField: the error is tied to it. */
export const HtmlField = forwardRef<HTMLTextAreaElement, HtmlFieldProps>(function HtmlField(
  { label, error, hint, id, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  const describedBy = [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={formStyles.field}>
      <label htmlFor={fieldId} className={formStyles.label}>
        {label}
      </label>
      <div className={formStyles.control} data-invalid={error ? true : undefined}>
        <textarea
          ref={ref}
          id={fieldId}
          className={`${formStyles.input} ${styles.source}`}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...rest}
        />
      </div>
      {hint && !error && (
        <p id={`${fieldId}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} className={formStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
