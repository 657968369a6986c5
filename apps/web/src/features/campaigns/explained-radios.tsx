import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './campaigns.module.css';

/** One choice of `ExplainedRadios`: its value, its name and the sentence that explains it. */
interface ExplainedChoice<V extends string> {
  value: V;
  label: string;
  hint: string;
}

/** A form field's radios in a fieldset, each choice's explanation under its name (pacing, bid strategy). */
export function ExplainedRadios<V extends string>({
  legend,
  choices,
  input,
}: {
  legend: string;
  choices: readonly ExplainedChoice<V>[];
  /** The field, registered (`form.register`). */
  input: UseFormRegisterReturn;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.radios}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.radio}>
            <input type="radio" value={choice.value} {...input} />
            <span>
              {choice.label}
              <small>{choice.hint}</small>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
