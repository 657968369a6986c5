import {
  type AccountKind,
  PASSWORD_MIN_LENGTH,
  type RegisterAdvertiserBody,
  type RegisterAgencyBody,
  registerAdvertiserBody,
  registerAgencyBody,
} from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { z } from 'zod';
import { loginPath } from '../auth/kinds';
import { publicApi } from '../lib/api-client';
import { countryOptions } from '../lib/format';
import { Button } from '../shell/button/button';
import { formFailureText } from '../shell/form/failure-text';
import { FormError } from '../shell/form/form-error';
import { SelectField } from '../shell/form/select-field';
import { TextField } from '../shell/form/text-field';
import { useApiForm } from '../shell/form/use-api-form';
import { usePageTitle } from '../shell/page-title';
import forms from './account-forms.module.css';
import { AccountLayout } from './account-layout';
import styles from './account-pages.module.css';
import { PasswordToggle } from './password-toggle';
import { useCountries, useCurrencies } from './reference-data';
import { StatusLink, StatusMessage } from './status-message';

type RegistrationKind = Exclude<AccountKind, 'admin'>;
/** What the registration fields hold: the agency's input, and the advertiser's website. */
type RegistrationInput = z.input<typeof registerAgencyBody> & { websiteUrl?: string };

/** Agencies and advertisers sign themselves up; admins are only invited. */
export function RegisterPage({ kind }: { kind: AccountKind }) {
  if (kind === 'admin') return <Navigate to={loginPath(kind)} replace />;
  return <RegisterForm kind={kind} />;
}

/**
 * The registration form: the organisation, its country and currency, and its first user. The
 * API answers the same whether or not the address already has an account, and sends an e-mail
 * either way, so success always says 'check your inbox'.
 */
function RegisterForm({ kind }: { kind: RegistrationKind }) {
  const { t, i18n } = useTranslation('account');
  usePageTitle(t(`register.${kind}.title`));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const countries = useCountries();
  const currencies = useCurrencies();

  // One form for both: the fields hold websiteUrl, which the agency schema drops when it parses.
  const schema: z.ZodType<RegisterAgencyBody | RegisterAdvertiserBody, RegistrationInput> =
    kind === 'advertiser' ? registerAdvertiserBody : registerAgencyBody;
  const form = useApiForm(schema, {
    name: '',
    countryId: '',
    currencyId: '',
    firstName: '',
    lastName: '',
    phone: '',
    email: '',
    password: '',
    passwordConfirmation: '',
    websiteUrl: '',
  });
  const field = form.field;

  const onSubmit = form.submit(
    async (values) => {
      const register =
        kind === 'advertiser' ? contract.auth.registerAdvertiser : contract.auth.registerAgency;
      await publicApi.call(register, { body: { ...values, locale: i18n.language } });
      setSentTo(values.email);
    },
    (error) => formFailureText(t, error),
  );

  const login = (
    <Link to={loginPath(kind)}>{sentTo === null ? t('register.haveAccount') : t('backToLogin')}</Link>
  );

  if (sentTo !== null) {
    return (
      <AccountLayout links={login}>
        <StatusMessage
          tone="mail"
          title={t('register.success.title')}
          actions={<StatusLink to={loginPath(kind)}>{t('toLogin')}</StatusLink>}
        >
          <p>{t('register.success.body')}</p>
          <p>
            <strong>{sentTo}</strong>
          </p>
          <p>{t('register.success.hint')}</p>
        </StatusMessage>
      </AccountLayout>
    );
  }

  const listFailed = countries.isError || currencies.isError;
  const reloadLists = () => {
    if (countries.isError) void countries.refetch();
    if (currencies.isError) void currencies.refetch();
  };

  return (
    <AccountLayout links={login}>
      <h1 className={styles.heading}>{t(`register.${kind}.heading`)}</h1>
      <p className={styles.lead}>{t(`register.${kind}.lead`)}</p>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={form.formError} />
        <fieldset className={forms.section}>
          <legend className={forms.legend}>{t(`register.${kind}.section`)}</legend>
          <TextField
            label={t(`register.${kind}.nameLabel`)}
            placeholder={t(`register.${kind}.namePlaceholder`)}
            autoComplete="organization"
            {...field('name')}
          />
          {kind === 'advertiser' && (
            <TextField
              label={t('register.websiteUrlLabel')}
              placeholder={t('register.websiteUrlPlaceholder')}
              hint={t('register.websiteUrlHint')}
              type="url"
              inputMode="url"
              autoComplete="url"
              {...field('websiteUrl')}
            />
          )}
          <div className={forms.row}>
            <SelectField
              label={t('register.countryLabel')}
              placeholder={countries.isPending ? t('common:loading') : t('register.countryPlaceholder')}
              options={countryOptions(countries.data ?? [])}
              disabled={countries.isPending}
              autoComplete="country-name"
              hint={countries.isError ? t('register.listFailed') : undefined}
              {...field('countryId')}
            />
            <SelectField
              label={t('register.currencyLabel')}
              placeholder={currencies.isPending ? t('common:loading') : t('register.currencyPlaceholder')}
              options={(currencies.data ?? []).map((c) => ({
                value: String(c.id),
                label: `${c.code} · ${c.name}`,
              }))}
              disabled={currencies.isPending}
              hint={currencies.isError ? t('register.listFailed') : t('register.currencyHint')}
              {...field('currencyId')}
            />
          </div>
          {listFailed && (
            <p className={forms.listFailed}>
              <Button variant="outline" size="small" onClick={reloadLists}>
                {t('register.reloadLists')}
              </Button>
            </p>
          )}
        </fieldset>
        <div className={forms.divider} />
        <fieldset className={forms.section}>
          <legend className={forms.legend}>{t('register.personSection')}</legend>
          <div className={forms.row}>
            <TextField
              label={t('register.firstNameLabel')}
              placeholder={t('register.firstNamePlaceholder')}
              autoComplete="given-name"
              {...field('firstName')}
            />
            <TextField
              label={t('register.lastNameLabel')}
              placeholder={t('register.lastNamePlaceholder')}
              autoComplete="family-name"
              {...field('lastName')}
            />
          </div>
          <TextField
            label={t('register.phoneLabel')}
            placeholder={t('register.phonePlaceholder')}
            type="tel"
            autoComplete="tel"
            {...field('phone')}
          />
          <TextField
            label={t('register.emailLabel')}
            placeholder={t('register.emailPlaceholder')}
            hint={t('register.emailHint')}
            type="email"
            inputMode="email"
            autoComplete="email"
            {...field('email')}
          />
          <TextField
            label={t('register.passwordLabel')}
            placeholder={t('register.passwordPlaceholder')}
            hint={t('newPassword.hint', { min: PASSWORD_MIN_LENGTH })}
            type={shown ? 'text' : 'password'}
            autoComplete="new-password"
            {...field('password')}
            adornment={<PasswordToggle shown={shown} onToggle={() => setShown((v) => !v)} />}
          />
          <TextField
            label={t('register.passwordConfirmationLabel')}
            placeholder={t('register.passwordConfirmationPlaceholder')}
            type={shown ? 'text' : 'password'}
            autoComplete="new-password"
            {...field('passwordConfirmation')}
          />
        </fieldset>
        <p className={forms.terms}>
          {t('register.terms')} <Link to="/terms-of-service/terms-of-service">{t('register.termsLink')}</Link>
          .
        </p>
        <Button type="submit" layout="block" size="large" loading={form.saving}>
          {t('register.submit')}
        </Button>
      </form>
    </AccountLayout>
  );
}
