import type { AdminUserEntry } from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../auth/profile-context';
import { api, isApiError } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import styles from './admin-users.module.css';
import { adminUsersKeys, fullName } from './admin-users-api';

type Action = 'enabled' | 'activation' | 'reset';

/** Enable/disable, resend the activation e-mail, start a password reset: each with a toast. */
export function AdminUserActions({ user }: { user: AdminUserEntry }) {
  const { t } = useTranslation('admin-users');
  const queryClient = useQueryClient();
  const { profile } = useProfile();
  const [running, setRunning] = useState<Action | null>(null);
  const own = profile?.id === user.user.id;
  const name = fullName(user) || user.email;
  const enabled = user.user.enabled;

  const run = async (action: Action, call: () => Promise<string>) => {
    setRunning(action);
    try {
      notify.success(await call());
    } catch (error) {
      notify.error(isApiError(error) ? failureListText(t, error) : t('common:errors.communication'));
    } finally {
      setRunning(null);
      await queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
    }
  };

  const toggle = () =>
    run('enabled', async () => {
      const res = await api.put<{ data: { adminUser: AdminUserEntry } }>(
        `/admin/admin-users/${user.id}/enabled`,
        { enabled: !enabled },
      );
      queryClient.setQueryData(adminUsersKeys.detail(user.id), res.data.adminUser);
      return t(enabled ? 'actions.disabledToast' : 'actions.enabledToast', { name });
    });
  const resendActivation = () =>
    run('activation', async () => {
      await api.post(`/admin/admin-users/${user.id}/activation-email`);
      return t('actions.activationSent', { email: user.email });
    });
  const sendReset = () =>
    run('reset', async () => {
      await api.post(`/admin/admin-users/${user.id}/password`);
      return t('actions.resetSent', { email: user.email });
    });

  return (
    <section className={styles.card} aria-labelledby="admin-user-actions-heading">
      <h2 id="admin-user-actions-heading" className={styles.cardHeading}>
        {t('actions.heading')}
      </h2>
      <p className={styles.cardLead}>{t('actions.lead')}</p>
      <div className={styles.actionList}>
        {own ? (
          <p className={styles.note}>{t('actions.ownAccount')}</p>
        ) : (
          <Button
            color={enabled ? 'danger' : 'success'}
            variant="outline"
            loading={running === 'enabled'}
            disabled={running !== null && running !== 'enabled'}
            confirm={t(enabled ? 'actions.disableConfirm' : 'actions.enableConfirm', { name })}
            onClick={toggle}
          >
            {t(enabled ? 'actions.disable' : 'actions.enable')}
          </Button>
        )}
        {enabled && !user.emailVerified && (
          <Button
            variant="outline"
            color="info"
            loading={running === 'activation'}
            disabled={running !== null && running !== 'activation'}
            onClick={resendActivation}
          >
            {t('actions.resendActivation')}
          </Button>
        )}
        {enabled && (
          <Button
            variant="outline"
            color="dark"
            loading={running === 'reset'}
            disabled={running !== null && running !== 'reset'}
            confirm={t('actions.sendResetConfirm', { name })}
            onClick={sendReset}
          >
            {t('actions.sendReset')}
          </Button>
        )}
      </div>
    </section>
  );
}
