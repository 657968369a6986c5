import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import { logInAs } from './log-in-as';
import styles from './users.module.css';
import {
  fullName,
  type LogInAsPlace,
  logsInAs,
  routesOf,
  type UserEntry,
  type UsersPlace,
  userAt,
  userOf,
  usersKeys,
} from './users-api';

type Action = 'enabled' | 'activation' | 'reset' | 'logInAs';

/**
 * Enable/disable, resend the activation e-mail, start a password reset (each with a toast), and,
 * where the panel may, log in as the user, which leaves the panel for theirs. Users do not disable
 * themselves (`self`).
 */
export function UserActions({ place, user, self }: { place: UsersPlace; user: UserEntry; self: boolean }) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<Action | null>(null);
  const name = fullName(user) || user.email;
  const enabled = user.user.enabled;
  const routes = routesOf[place.kind];
  const path = userAt(place, user.id);

  const fail = (error: unknown) =>
    notify.error(isApiError(error) ? failureListText(t, error) : t('common:errors.communication'));

  const run = async (action: Action, call: () => Promise<string>) => {
    setRunning(action);
    try {
      notify.success(await call());
    } catch (error) {
      fail(error);
    } finally {
      setRunning(null);
      await queryClient.invalidateQueries({ queryKey: usersKeys.all(place) });
    }
  };

  const toggle = () =>
    run('enabled', async () => {
      const saved = await userOf(
        place.kind,
        api.call(routes.setEnabled, { path, body: { enabled: !enabled } }),
      );
      queryClient.setQueryData(usersKeys.detail(place, user.id), saved);
      return t(enabled ? 'actions.disabledToast' : 'actions.enabledToast', { name, context: place.kind });
    });
  const resendActivation = () =>
    run('activation', async () => {
      await api.call(routes.resendActivation, { path });
      return t('actions.activationSent', { email: user.email });
    });
  const sendReset = () =>
    run('reset', async () => {
      await api.call(routes.sendPasswordReset, { path });
      return t('actions.resetSent', { email: user.email });
    });
  // On success the page reloads into the user's panel, so the button stays busy until then.
  const enterAsUser = async (from: LogInAsPlace) => {
    setRunning('logInAs');
    try {
      await logInAs(from, { userId: user.id });
    } catch (error) {
      fail(error);
      setRunning(null);
    }
  };

  /** Each button shows its own call running; the others wait for it. */
  const busy = (action: Action, usable = true) => ({
    loading: running === action,
    disabled: !usable || (running !== null && running !== action),
  });
  const canLogInAs = enabled && user.emailVerified;

  return (
    <section className={styles.card} aria-labelledby="user-actions-heading">
      <h2 id="user-actions-heading" className={styles.cardHeading}>
        {t('actions.heading')}
      </h2>
      <p className={styles.cardLead}>
        {logsInAs(place) ? t('actions.logInAsLead') : t('actions.lead', { context: place.kind })}
      </p>
      <div className={styles.actionList}>
        {logsInAs(place) && (
          <>
            <Button
              color="info"
              {...busy('logInAs', canLogInAs)}
              confirm={t('actions.logInAsConfirm', { name, context: place.panel })}
              onClick={() => enterAsUser(place)}
            >
              {t('actions.logInAs')}
            </Button>
            {!canLogInAs && (
              <p className={styles.note}>
                {t(enabled ? 'actions.logInAsNotActivated' : 'actions.logInAsDisabled')}
              </p>
            )}
          </>
        )}
        {self ? (
          <p className={styles.note}>{t('actions.selfNote', { context: place.kind })}</p>
        ) : (
          <Button
            color={enabled ? 'danger' : 'success'}
            variant="outline"
            {...busy('enabled')}
            confirm={t(enabled ? 'actions.disableConfirm' : 'actions.enableConfirm', {
              name,
              context: place.kind,
            })}
            onClick={toggle}
          >
            {t(enabled ? 'actions.disable' : 'actions.enable')}
          </Button>
        )}
        {enabled && !user.emailVerified && (
          <Button variant="outline" color="info" {...busy('activation')} onClick={resendActivation}>
            {t('actions.resendActivation')}
          </Button>
        )}
        {enabled && (
          <Button
            variant="outline"
            color="dark"
            {...busy('reset')}
            confirm={t('actions.sendResetConfirm', { name, context: place.kind })}
            onClick={sendReset}
          >
            {t('actions.sendReset')}
          </Button>
        )}
      </div>
    </section>
  );
}
