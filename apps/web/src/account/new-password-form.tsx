import { PASSWORD_MIN_LENGTH, type SetPasswordBody, setPasswordBody } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';
import { Button } from '../shell/button/button';
import { formFailureText } from '../shell/form/failure-text';
import { FormError } from '../shell/form/form-error';
import { TextField } from '../shell/form/text-field';
import { useApiForm } from '../shell/form/use-api-form';
import { PasswordToggle } from './password-toggle';

/**
 * A new password and its confirmation, sent with the e-mailed token (password change and the
 * activation of an invited user). A rejected token hands over to `onInvalidToken`.
 */
export function NewPasswordForm({
  token,
  login,
  submitLabel,
  onSubmit,
  onInvalidToken,
}: {
  token: string;
  /** Whose password it is; given to password managers. */
  login?: string;
  submitLabel: string;
  onSubmit: (values: SetPasswordBody) => Promise<void>;
  onInvalidToken: () => void;
}) {
  const { t } = useTranslation('account');
  const [shown, setShown] = useState(false);
  const form = useApiForm(setPasswordBody, { token, password: '', passwordConfirmation: '' });
  const field = form.field;

  const submit = form.submit(onSubmit, (error) => {
    const tokenIssue = error.issues?.token?.[0];
    if (tokenIssue) {
      onInvalidToken();
      return errorText(t, tokenIssue.code, tokenIssue.params) ?? tokenIssue.code;
    }
    return formFailureText(t, error);
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormError message={form.formError} />
      {login && <input type="text" name="username" autoComplete="username" value={login} readOnly hidden />}
      <TextField
        label={t('newPassword.label')}
        placeholder={t('newPassword.placeholder')}
        hint={t('newPassword.hint', { min: PASSWORD_MIN_LENGTH })}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        autoFocus
        {...field('password')}
        adornment={<PasswordToggle shown={shown} onToggle={() => setShown((v) => !v)} />}
      />
      <TextField
        label={t('newPassword.confirmationLabel')}
        placeholder={t('newPassword.confirmationPlaceholder')}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        {...field('passwordConfirmation')}
      />
      <Button type="submit" layout="block" size="large" loading={form.saving}>
        {submitLabel}
      </Button>
    </form>
  );
}
