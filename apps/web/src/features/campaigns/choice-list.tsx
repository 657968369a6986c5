import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '../../shell/form/form.module.css';
import styles from './campaigns.module.css';

export interface Choice<V extends string | number> {
  value: V;
  label: ReactNode;
  /** The text the search matches (the label when it is text). */
  text?: string;
}

/**
 * Checkboxes for a set of values (countries, device types, systems, categories, banners) in a
 * fieldset; long lists scroll in a box and can be narrowed with a search. `hint` says what
 * none picked means.
 */
export function ChoiceList<V extends string | number>({
  legend,
  hint,
  choices,
  value,
  onChange,
  searchLabel,
  scroll,
  error,
  disabled,
  name,
}: {
  legend: string;
  hint?: string;
  choices: Choice<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  searchLabel?: string;
  scroll?: boolean;
  error?: string;
  disabled?: boolean;
  /** The form field's name on each checkbox, so a server error on it can focus the first. */
  name?: string;
}) {
  const { t } = useTranslation('campaigns');
  const id = useId();
  const [search, setSearch] = useState('');
  const picked = new Set(value);
  const needle = search.trim().toLocaleLowerCase();
  const shown = needle
    ? choices.filter((choice) => (choice.text ?? String(choice.label)).toLocaleLowerCase().includes(needle))
    : choices;
  const toggle = (choice: V, on: boolean) =>
    onChange(on ? [...value, choice] : value.filter((current) => current !== choice));

  return (
    <fieldset className={styles.fieldset} aria-describedby={hint || error ? `${id}-note` : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {(hint || error) && (
        <p
          id={`${id}-note`}
          className={error ? formStyles.error : styles.hint}
          role={error ? 'alert' : undefined}
        >
          {error ?? hint}
        </p>
      )}
      {searchLabel && (
        <div className={`${formStyles.control} ${styles.choiceSearch}`}>
          <input
            type="search"
            className={formStyles.input}
            aria-label={searchLabel}
            placeholder={`${searchLabel}…`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      )}
      <div className={scroll ? styles.choicesScroll : undefined}>
        <ul className={styles.choices}>
          {shown.map((choice) => (
            <li key={choice.value}>
              <label className={styles.choice}>
                <input
                  type="checkbox"
                  name={name}
                  checked={picked.has(choice.value)}
                  disabled={disabled}
                  onChange={(event) => toggle(choice.value, event.target.checked)}
                />
                <span>{choice.label}</span>
              </label>
            </li>
          ))}
        </ul>
        {shown.length === 0 && <p className={styles.hint}>{t('form.noMatch')}</p>}
      </div>
      {value.length > 0 && choices.length > 8 && (
        <p className={styles.hint}>{t('form.picked', { count: value.length })}</p>
      )}
    </fieldset>
  );
}
