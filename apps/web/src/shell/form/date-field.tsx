import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, parseDay } from '../../lib/format';
import { Icon } from '../icons/icon';
import { useDismiss } from '../use-dismiss';
import styles from './date-field.module.css';
import formStyles from './form.module.css';

export interface DateFieldProps {
  label: string;
  /** The day as the API takes it (`YYYY-MM-DD`), or '' for none. */
  value: string;
  /** Called with a whole day or '' (never with half-typed text), shaped like an input's event. */
  onChange: (event: { target: { name?: string; value: string } }) => void;
  name?: string;
  error?: string;
  hint?: string;
  id?: string;
  className?: string;
}

const DateCalendar = lazy(() => import('./date-calendar'));

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
};
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * Digits and dots only, dots added as the digits come: 04032026 is 04.03.2026, and a third
 * digit after 'DD.' starts the year (04.032 -> 04.03.2).
 */
function maskDay(typed: string): string {
  const kept = typed.replace(/[^\d.]/g, '');
  if (!kept.includes('.'))
    return [kept.slice(0, 2), kept.slice(2, 4), kept.slice(4, 8)].filter(Boolean).join('.');
  return kept.replace(/^(\d{1,2}\.\d{2})(\d)/, '$1.$2').slice(0, 10);
}

/**
 * A day typed as DD.MM.YYYY (spec section 9) or picked from a calendar in the user's language;
 * the same in every panel and language (a native date input follows the browser's locale).
 * Text that is not a day is an error once the user leaves the field.
 */
export function DateField({ label, value, onChange, name, error, hint, id, className }: DateFieldProps) {
  const { t, i18n } = useTranslation('shell');
  const generated = useId();
  const inputId = id ?? generated;
  const [text, setText] = useState(() => formatDay(value));
  const [invalid, setInvalid] = useState(false);
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // A value set from outside (a link, Clear) replaces the text, unless the text already says it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value resets the text
  useEffect(() => {
    if (parseDay(text) !== value && !(value === '' && text.trim() === '')) {
      setText(formatDay(value));
      setInvalid(false);
    }
  }, [value]);

  useDismiss(open, [field], (via) => via === 'outside' && setOpen(false));

  const change = (day: string) => {
    if (day !== value) onChange({ target: { name, value: day } });
  };
  const type = (typed: string) => {
    const next = maskDay(typed);
    setText(next);
    const day = next.trim() === '' ? '' : parseDay(next);
    if (day !== null) {
      setInvalid(false);
      change(day);
    }
  };
  const pick = (date: Date | undefined) => {
    const day = date ? dayOf(date) : '';
    setText(formatDay(day));
    setInvalid(false);
    setOpen(false);
    change(day);
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      // The calendar closes, not the side panel or dialog around the field.
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    }
  };

  const shownError = invalid ? t('date.invalid') : error;
  const describedBy = [
    shownError ? `${inputId}-error` : `${inputId}-format`,
    hint && !shownError ? `${inputId}-hint` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const selected = value ? dateOf(value) : undefined;
  return (
    <div ref={field} className={[formStyles.field, styles.dateField, className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={formStyles.label}>
        {label}
      </label>
      <div className={formStyles.control} data-invalid={shownError ? true : undefined}>
        <input
          ref={input}
          id={inputId}
          name={name}
          className={formStyles.input}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('date.placeholder')}
          value={text}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setInvalid(text.trim() !== '' && parseDay(text) === null)}
        />
        <button
          ref={toggle}
          type="button"
          className={styles.toggle}
          aria-label={t('date.choose', { label })}
          aria-expanded={open}
          aria-haspopup="dialog"
          onClick={() => setOpen((current) => !current)}
        >
          <Icon name="calendar" size={18} />
        </button>
      </div>
      <span id={`${inputId}-format`} className="visually-hidden">
        {t('date.format')}
      </span>
      {open && (
        <div
          role="dialog"
          aria-label={t('date.calendar', { label })}
          className={styles.popover}
          onKeyDown={onKeyDown}
        >
          <Suspense fallback={<p className={styles.loading}>{t('common:loading')}</p>}>
            <DateCalendar selected={selected} language={i18n.language} onSelect={pick} />
          </Suspense>
        </div>
      )}
      {hint && !shownError && (
        <p id={`${inputId}-hint`} className={formStyles.hint}>
          {hint}
        </p>
      )}
      {shownError && (
        <p id={`${inputId}-error`} className={formStyles.error} role="alert">
          {shownError}
        </p>
      )}
    </div>
  );
}
