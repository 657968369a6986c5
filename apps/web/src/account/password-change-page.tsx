import type { AccountKind } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { loginPath } from '../auth/kinds';
import { isApiError, publicApi } from '../lib/api-client';
import { Button } from '../shell/button/button';
import { formFailureText } from '../shell/form/failure-text';
import { usePageTitle } from '../shell/page-title';
import forms from './account-forms.module.css';
import { AccountLayout } from './account-layout';
import styles from './account-pages.module.css';
import { NewPasswordForm } from './new-password-form';
import { StatusLink, StatusMessage } from './status-message';
import { useStartSession } from './use-start-session';

/**
 * The page the reset e-mail links to (`?token=`): the token is looked up first, then the new
 * password is set and the user is signed in to their panel.
 */
export function PasswordChangePage({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation('account');
  usePageTitle(t('passwordChange.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [rejected, setRejected] = useState(false);
  const startSession = useStartSession(kind);

  const lookup = useQuery({
    queryKey: ['password-reset-token', kind, token],
    queryFn: async () =>
      (await publicApi.call(contract.auth.passwordResetUser, { path: { panel: kind }, query: { token } }))
        .data.user,
    enabled: token !== '' && !rejected,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

  const links = <Link to={loginPath(kind)}>{t('backToLogin')}</Link>;
  const lookupError = isApiError(lookup.error) ? lookup.error : null;
  const invalid =
    token === '' || rejected || (lookupError !== null && [400, 404, 422].includes(lookupError.code));

  if (invalid) {
    return (
      <AccountLayout links={links}>
        <StatusMessage
          tone="warning"
          title={t('passwordChange.invalid.title')}
          actions={
            <StatusLink to={`/account/${kind}/password-reset`}>
              {t('passwordChange.invalid.action')}
            </StatusLink>
          }
        >
          <p>{t('passwordChange.invalid.body')}</p>
        </StatusMessage>
      </AccountLayout>
    );
  }

  if (lookup.isError) {
    return (
      <AccountLayout links={links}>
        <StatusMessage
          tone="error"
          title={t('passwordChange.failed')}
          actions={
            <Button size="large" layout="block" onClick={() => lookup.refetch()} loading={lookup.isFetching}>
              {t('common:retry')}
            </Button>
          }
        >
          <p>{lookupError ? formFailureText(t, lookupError) : t('common:errors.communication')}</p>
        </StatusMessage>
      </AccountLayout>
    );
  }

  if (!lookup.data) {
    return (
      <AccountLayout links={links}>
        <StatusMessage tone="progress" title={t('passwordChange.checking')} />
      </AccountLayout>
    );
  }

  const user = lookup.data;
  return (
    <AccountLayout links={links}>
      <h1 className={styles.heading}>{t('passwordChange.heading')}</h1>
      <p className={styles.lead}>
        {t('passwordChange.lead')} <strong className={forms.login}>{user.login}</strong>
      </p>
      <NewPasswordForm
        token={token}
        login={user.login}
        submitLabel={t('passwordChange.submit')}
        onInvalidToken={() => setRejected(true)}
        onSubmit={async (values) => {
          startSession(
            await publicApi.call(contract.auth.setPassword, { path: { panel: kind }, body: values }),
          );
        }}
      />
    </AccountLayout>
  );
}
