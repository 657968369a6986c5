import type { AccountKind } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { loginPath } from '../auth/kinds';
import { isApiError, publicApi } from '../lib/api-client';
import { Button } from '../shell/button/button';
import { formFailureText } from '../shell/form/failure-text';
import { usePageTitle } from '../shell/page-title';
import { AccountLayout } from './account-layout';
import styles from './account-pages.module.css';
import { NewPasswordForm } from './new-password-form';
import { StatusLink, StatusMessage } from './status-message';
import { useStartSession } from './use-start-session';

type ActivationState = 'activating' | 'password' | 'invalid' | 'failed';

/**
 * The page the activation e-mail links to (`?token=`). It activates at once; an invited user
 * without a password chooses one first. Success signs the user in to their panel.
 */
export function ActivatePage({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation('account');
  usePageTitle(t('activate.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<ActivationState>(token ? 'activating' : 'invalid');
  const [failure, setFailure] = useState<string | null>(null);
  const startSession = useStartSession(kind);
  const started = useRef(false);

  const activate = useCallback(async () => {
    setState('activating');
    try {
      startSession(await publicApi.call(contract.auth.activate, { path: { panel: kind }, body: { token } }));
    } catch (error) {
      if (!isApiError(error)) {
        setFailure(t('common:errors.communication'));
        setState('failed');
        return;
      }
      const fields = error.validationErrors;
      if (fields.token || [400, 404].includes(error.code)) setState('invalid');
      else if (fields.password) setState('password');
      else {
        setFailure(formFailureText(t, error) ?? t('common:errors.communication'));
        setState('failed');
      }
    }
  }, [kind, token, startSession, t]);

  // Once per page, also under StrictMode's double effects: a token works only once.
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void activate();
  }, [token, activate]);

  const links = <Link to={loginPath(kind)}>{t('backToLogin')}</Link>;

  if (state === 'password') {
    return (
      <AccountLayout links={links}>
        <h1 className={styles.heading}>{t('activate.password.heading')}</h1>
        <p className={styles.lead}>{t('activate.password.lead')}</p>
        <NewPasswordForm
          token={token}
          submitLabel={t('activate.password.submit')}
          onInvalidToken={() => setState('invalid')}
          onSubmit={async (values) => {
            startSession(
              await publicApi.call(contract.auth.activate, { path: { panel: kind }, body: values }),
            );
          }}
        />
      </AccountLayout>
    );
  }

  return (
    <AccountLayout links={state === 'activating' ? undefined : links}>
      {state === 'activating' && (
        <StatusMessage tone="progress" title={t('activate.activating')}>
          <p>{t('activate.activatingBody')}</p>
        </StatusMessage>
      )}
      {state === 'invalid' && (
        <StatusMessage
          tone="warning"
          title={t('activate.invalid.title')}
          actions={<StatusLink to={loginPath(kind)}>{t('toLogin')}</StatusLink>}
        >
          <p>{t('activate.invalid.body')}</p>
        </StatusMessage>
      )}
      {state === 'failed' && (
        <StatusMessage
          tone="error"
          title={t('activate.failed')}
          actions={
            <Button size="large" layout="block" onClick={() => void activate()}>
              {t('common:retry')}
            </Button>
          }
        >
          <p>{failure}</p>
        </StatusMessage>
      )}
    </AccountLayout>
  );
}
