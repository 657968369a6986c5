import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useLocales } from '../../account/reference-data';
import { errorText } from '../../lib/error-text';
import { Button } from '../../shell/button/button';
import { formFailureText } from '../../shell/form/failure-text';
import type { FieldProps } from '../../shell/form/field-props';
import { TextField } from '../../shell/form/text-field';
import styles from './organisation.module.css';
import { useVerifyUrl } from './use-verify-url';

/**
 * The website address with a check that it answers; a failure lands on the field. Other
 * addresses (a creative's landing page) use it with their own `label`.
 */
export function WebsiteUrlField({
  field,
  readUrl,
  setError,
  disabled,
  label,
}: {
  field: FieldProps;
  readUrl: () => string;
  setError: (message: string) => void;
  disabled: boolean;
  label?: string;
}) {
  const { t } = useTranslation('organisations');
  const { verify, verifying, result, clear } = useVerifyUrl();
  const onVerify = async () => {
    const url = readUrl().trim();
    if (!url) {
      setError(t('website.urlMissing'));
      return;
    }
    const outcome = await verify(url);
    if (outcome.ok) return;
    const reason = outcome.error.issues?.url?.[0];
    setError(
      (reason && errorText(t, reason.code, reason.params)) ??
        formFailureText(t, outcome.error) ??
        t('website.verifyFailed'),
    );
  };
  return (
    <>
      <div className={styles.inlineAction}>
        <TextField
          label={label ?? t('website.url')}
          type="url"
          placeholder="https://shop.example.com"
          autoComplete="off"
          {...field}
          onChange={(event) => {
            clear();
            return field.onChange(event);
          }}
        />
        {!disabled && (
          <Button variant="outline" color="info" loading={verifying} onClick={onVerify}>
            {t('website.verify')}
          </Button>
        )}
      </div>
      {result && (
        <p className={styles.verified} role="status">
          {t('website.verified', { status: result.status, url: result.finalUrl })}
        </p>
      )}
    </>
  );
}

/** The languages of the advertiser's website: enabled locales, plus any it keeps from before. */
export function WebsiteLocalesField({ field, current }: { field: FieldProps; current: string[] }) {
  const { t } = useTranslation('organisations');
  const locales = useLocales();
  const errorId = useId();
  const enabled = (locales.data ?? []).map((locale) => ({ code: locale.code, name: locale.name }));
  const options = [
    ...enabled,
    ...current.filter((code) => !enabled.some((l) => l.code === code)).map((code) => ({ code, name: code })),
  ];
  const { error, ...input } = field;
  return (
    <fieldset
      className={styles.checks}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{t('website.locales')}</legend>
      {options.map((locale) => (
        <label key={locale.code}>
          <input type="checkbox" value={locale.code} {...input} />
          {locale.name}
        </label>
      ))}
      {error && (
        <p id={errorId} className={styles.checkError} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
