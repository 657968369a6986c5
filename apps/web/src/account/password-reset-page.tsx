import { type AccountKind, passwordResetRequestBody } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loginPath } from '../auth/kinds';
import { publicApi } from '../lib/api-client';
import { Button } from '../shell/button/button';
import { formFailureText } from '../shell/form/failure-text';
import { FormError } from '../shell/form/form-error';
import { TextField } from '../shell/form/text-field';
import { useApiForm } from '../shell/form/use-api-form';
import { usePageTitle } from '../shell/page-title';
import { AccountLayout } from './account-layout';
import styles from './account-pages.module.css';
import { StatusLink, StatusMessage } from './status-message';

/**
 * Asks for a password-reset e-mail. The answer is the same whether or not the address has an
 * account, so the page says the same thing either way.
 */
export function PasswordResetPage({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation('account');
  usePageTitle(t('passwordReset.title'));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useApiForm(passwordResetRequestBody, { login: '' });
  const field = form.field;

  const onSubmit = form.submit(
    async (values) => {
      await publicApi.call(contract.auth.requestPasswordReset, { path: { panel: kind }, body: values });
      setSentTo(values.login);
    },
    (error) => formFailureText(t, error),
  );

  const backToLogin = <Link to={loginPath(kind)}>{t('backToLogin')}</Link>;

  if (sentTo !== null) {
    return (
      <AccountLayout links={backToLogin}>
        <StatusMessage
          tone="mail"
          title={t('passwordReset.sent.title')}
          actions={
            <>
              <StatusLink to={loginPath(kind)}>{t('toLogin')}</StatusLink>
              <Button
                variant="outline"
                onClick={() => {
                  form.reset({ login: sentTo });
                  setSentTo(null);
                }}
              >
                {t('passwordReset.sent.again')}
              </Button>
            </>
          }
        >
          <p>{t('passwordReset.sent.body')}</p>
          <p>
            <strong>{sentTo}</strong>
          </p>
          <p>{t('passwordReset.sent.hint')}</p>
        </StatusMessage>
      </AccountLayout>
    );
  }

  return (
    <AccountLayout links={backToLogin}>
      <h1 className={styles.heading}>{t('passwordReset.heading')}</h1>
      <p className={styles.lead}>{t('passwordReset.lead')}</p>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={form.formError} />
        <TextField
          label={t('passwordReset.loginLabel')}
          placeholder={t('passwordReset.loginPlaceholder')}
          type="email"
          autoComplete="username"
          inputMode="email"
          {...field('login')}
        />
        <Button type="submit" layout="block" size="large" loading={form.saving}>
          {t('passwordReset.submit')}
        </Button>
      </form>
    </AccountLayout>
  );
}
