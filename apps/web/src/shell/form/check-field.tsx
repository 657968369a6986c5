import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import styles from './check-field.module.css';

export interface CheckFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
}

/** A labelled checkbox (on or off) with its error tied to it. */
export const CheckField = forwardRef<HTMLInputElement, CheckFieldProps>(function CheckField(
  { label, error, id, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <>
      <div className={styles.check}>
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          {...rest}
        />
        <label htmlFor={inputId}>{label}</label>
      </div>
      {error && (
        <p id={`${inputId}-error`} className={styles.checkError} role="alert">
          {error}
        </p>
      )}
    </>
  );
});
