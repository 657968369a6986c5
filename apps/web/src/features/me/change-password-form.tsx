import { type AccountKind, changePasswordBody, PASSWORD_MIN_LENGTH } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordToggle } from '../../account/password-toggle';
import { useProfile } from '../../auth/profile-context';
import { api } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import { formFailureText } from '../../shell/form/failure-text';
import formStyles from '../../shell/form/form.module.css';
import { FormError } from '../../shell/form/form-error';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import styles from './me-page.module.css';

const empty = { currentPassword: '', password: '', passwordConfirmation: '' };

/** The current password, then the new one twice; the API signs out the user's other sessions. */
export function ChangePasswordForm({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation('me');
  const { setProfile } = useProfile();
  const [changed, setChanged] = useState(false);
  const [shown, setShown] = useState(false);
  const form = useApiForm(changePasswordBody, empty);
  const field = form.field;

  const onSubmit = form.submit(
    async (values) => {
      setChanged(false);
      const res = await api.call(contract.me.changePassword, { path: { panel: kind }, body: values });
      setProfile(res.data.me);
      form.reset(empty);
      setShown(false);
      setChanged(true);
    },
    (error) => formFailureText(t, error),
  );

  const type = shown ? 'text' : 'password';
  return (
    <section className={styles.card} aria-labelledby="me-password-heading">
      <h2 id="me-password-heading" className={styles.cardHeading}>
        {t('password.heading')}
      </h2>
      <p className={styles.cardLead}>{t('password.lead')}</p>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={form.formError} />
        {changed && !form.formState.isDirty && (
          <div className={formStyles.formSuccess} role="status">
            {t('password.changed')}
          </div>
        )}
        <TextField
          label={t('password.currentLabel')}
          placeholder={t('password.currentPlaceholder')}
          type={type}
          autoComplete="current-password"
          {...field('currentPassword')}
          adornment={<PasswordToggle shown={shown} onToggle={() => setShown((v) => !v)} />}
        />
        <TextField
          label={t('password.newLabel')}
          placeholder={t('password.newPlaceholder')}
          hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
          type={type}
          autoComplete="new-password"
          {...field('password')}
        />
        <TextField
          label={t('password.confirmationLabel')}
          placeholder={t('password.confirmationPlaceholder')}
          type={type}
          autoComplete="new-password"
          {...field('passwordConfirmation')}
        />
        <div className={styles.actions}>
          <Button type="submit" layout="wide" loading={form.saving}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
