import type { AccountKind, LoginBody } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { panelPrefix } from '../auth/kinds';
import { useProfile } from '../auth/profile-context';
import { type ApiError, communicationError } from '../lib/api-client';
import { loadTextSets } from '../lib/i18n';
import { Button } from '../shell/button/button';
import { formFailureText } from '../shell/form/failure-text';
import formStyles from '../shell/form/form.module.css';
import { FormError } from '../shell/form/form-error';
import { lazyCodeResolver } from '../shell/form/lazy-code-resolver';
import { TextField } from '../shell/form/text-field';
import { useResolvedApiForm } from '../shell/form/use-resolved-api-form';
import { usePageTitle } from '../shell/page-title';
import { AccountLayout } from './account-layout';
import styles from './account-pages.module.css';
import { PasswordToggle } from './password-toggle';

/**
 * What logging in needs beyond the page (zod, the shared schema, the contract, the error texts),
 * loaded once the user starts on the form: the page shows without them. Not loaded, it fails as
 * a call that cannot reach the API.
 */
const loadLoginCalls = () =>
  Promise.all([import('./login-calls'), loadTextSets('errors')]).then(
    ([calls]) => calls,
    (cause: unknown) => {
      throw communicationError(cause);
    },
  );
/** Loads them as the user starts on the form; a failure shows when the form is sent. */
const prepareLogin = () => void loadLoginCalls().catch(() => {});
const loginResolver = lazyCodeResolver<LoginBody>(() => loadLoginCalls().then((calls) => calls.loginBody));

/** The login page of one panel, as the spec's table describes it (section 2). */
export function LoginPage({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation('account');
  usePageTitle(t(`login.${kind}.title`));
  const navigate = useNavigate();
  const location = useLocation();
  const { setProfile } = useProfile();
  const [showPassword, setShowPassword] = useState(false);
  const [unverifiedId, setUnverifiedId] = useState<number | null>(null);
  const [resent, setResent] = useState(false);
  const form = useResolvedApiForm(loginResolver, { login: '', password: '' });
  const field = form.field;

  // By status and the answer's fields, never by its English text.
  const describe = (error: ApiError): string | null => {
    const accountId = error.code === 401 ? readAccountId(error) : null;
    setUnverifiedId(accountId);
    if (accountId !== null) return t('login.errors.notVerified');
    if (error.code === 401) return t('login.errors.default');
    // Throttled (how long to wait), maintenance, no connection, field errors: as for any form.
    return formFailureText(t, error);
  };

  const onSubmit = form.submit(async (values) => {
    const me = await (await loadLoginCalls()).login(kind, values);
    setProfile(me);
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from?.startsWith(panelPrefix[kind]) ? from : panelPrefix[kind], { replace: true });
  }, describe);

  const resend = async () => {
    if (unverifiedId === null) return;
    const { resendVerificationEmail } = await loadLoginCalls();
    await resendVerificationEmail(unverifiedId).catch(() => {});
    setResent(true);
  };

  const links = (
    <>
      {kind !== 'admin' && <Link to={`/account/${kind}/register`}>{t('login.register')}</Link>}
      <Link to={`/account/${kind}/password-reset`}>{t('login.forgotPassword')}</Link>
    </>
  );

  return (
    <AccountLayout links={links}>
      <h1 className={styles.heading}>{t(`login.${kind}.heading`)}</h1>
      <form onSubmit={onSubmit} onFocus={prepareLogin} noValidate>
        <FormError
          message={
            form.formError && (
              <>
                {form.formError}
                {unverifiedId !== null && !resent && (
                  <div>
                    <Button
                      variant="outline"
                      size="small"
                      color="danger"
                      onClick={resend}
                      className={styles.inlineAction}
                    >
                      {t('login.resendVerification')}
                    </Button>
                  </div>
                )}
              </>
            )
          }
        />
        {resent && (
          <div className={formStyles.formSuccess} role="status">
            {t('login.verificationResent')}
          </div>
        )}
        <TextField
          label={t('login.loginLabel')}
          placeholder={t('login.loginPlaceholder')}
          autoComplete="username"
          {...field('login')}
        />
        <TextField
          label={t('login.passwordLabel')}
          placeholder={t('login.passwordPlaceholder')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          {...field('password')}
          adornment={
            kind === 'agency' && (
              <PasswordToggle shown={showPassword} onToggle={() => setShowPassword((v) => !v)} />
            )
          }
        />
        <Button type="submit" layout="block" size="large" loading={form.saving}>
          {t('login.submit')}
        </Button>
      </form>
    </AccountLayout>
  );
}

/** Only the 'not verified' answer carries the account id (so the mail can be sent again). */
function readAccountId(error: ApiError): number | null {
  const id = (error.originalError as { accountId?: unknown } | null)?.accountId;
  return typeof id === 'number' ? id : null;
}
