import { forwardRef, type TextareaHTMLAttributes, useId } from 'react';
import formStyles from './form.module.css';
import styles from './textarea-field.module.css';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: string;
  /** The text area's own look on top of the field's (a source editor's monospace). */
  inputClassName?: string;
}

/** A labelled multi-line field, like TextField: the error is announced and tied to the control. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className, inputClassName, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  const describedBy = [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={[formStyles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={fieldId} className={formStyles.label}>
        {label}
      </label>
      <div className={formStyles.control} data-invalid={error ? true : undefined}>
        <textarea
          ref={ref}
          id={fieldId}
          className={[formStyles.input, styles.textarea, inputClassName].filter(Boolean).join(' ')}
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
