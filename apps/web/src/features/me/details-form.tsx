import { type AccountKind, type MeDto, updateMeBody } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocales } from '../../account/reference-data';
import { useProfile } from '../../auth/profile-context';
import { api } from '../../lib/api-client';
import { type Locale, setLocale, supportedLocales } from '../../lib/i18n';
import { Button } from '../../shell/button/button';
import { formFailureText } from '../../shell/form/failure-text';
import formStyles from '../../shell/form/form.module.css';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import styles from './me-page.module.css';
import { detailsOf } from './profile-of';

const isUiLocale = (code: string): code is Locale => (supportedLocales as readonly string[]).includes(code);

/** First and last name, phone and language; a new language also switches the interface. */
export function DetailsForm({ kind, me }: { kind: AccountKind; me: MeDto }) {
  const { t, i18n } = useTranslation('me');
  const { setProfile } = useProfile();
  const [saved, setSaved] = useState(false);
  const form = useApiForm(updateMeBody, detailsOf(me, kind));
  const field = form.field;
  const locales = useLocales();

  const options = locales.data?.length
    ? locales.data.map((l) => ({ value: l.code, label: l.name }))
    : supportedLocales.map((code) => ({ value: code, label: t(`common:locale.${code}`) }));
  if (!options.some((o) => o.value === me.locale)) options.push({ value: me.locale, label: me.locale });

  const onSubmit = form.submit(
    async (values) => {
      setSaved(false);
      const res = await api.call(contract.me.update, { path: { panel: kind }, body: values });
      const updated = res.data.me;
      setProfile(updated);
      form.reset(detailsOf(updated, kind));
      if (isUiLocale(updated.locale) && updated.locale !== i18n.language) await setLocale(updated.locale);
      setSaved(true);
    },
    (error) => formFailureText(t, error),
  );

  return (
    <section className={styles.card} aria-labelledby="me-details-heading">
      <h2 id="me-details-heading" className={styles.cardHeading}>
        {t('details.heading')}
      </h2>
      <p className={styles.cardLead}>{t('details.lead')}</p>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={form.formError} />
        {saved && !form.formState.isDirty && (
          <div className={formStyles.formSuccess} role="status">
            {t('details.saved')}
          </div>
        )}
        <div className={styles.row}>
          <TextField
            label={t('details.firstNameLabel')}
            placeholder={t('details.firstNamePlaceholder')}
            autoComplete="given-name"
            {...field('firstName')}
          />
          <TextField
            label={t('details.lastNameLabel')}
            placeholder={t('details.lastNamePlaceholder')}
            autoComplete="family-name"
            {...field('lastName')}
          />
        </div>
        <TextField
          label={t('details.phoneLabel')}
          placeholder={t('details.phonePlaceholder')}
          type="tel"
          autoComplete="tel"
          {...field('phone')}
        />
        <SelectField
          label={t('details.localeLabel')}
          hint={t('details.localeHint')}
          options={options}
          {...field('locale')}
        />
        <div className={styles.actions}>
          <Button type="submit" layout="wide" loading={form.saving}>
            {t('details.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
