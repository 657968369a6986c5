import { forwardRef, type SelectHTMLAttributes, useId } from 'react';
import styles from './form.module.css';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: SelectOption[];
  /** A first, empty option (e.g. "Choose…"); not selectable again when the field is required. */
  placeholder?: string;
  error?: string;
  hint?: string;
}

/** A labelled select, like TextField: the error is announced and tied to the control. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, placeholder, error, hint, id, className, ...rest },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const describedBy = [error ? `${selectId}-error` : null, hint ? `${selectId}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.control} ${styles.selectControl}`} data-invalid={error ? true : undefined}>
        <select
          ref={ref}
          id={selectId}
          className={`${styles.input} ${styles.select}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...rest}
        >
          {placeholder !== undefined && (
            <option value="" disabled={rest.required}>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {hint && !error && (
        <p id={`${selectId}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${selectId}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
