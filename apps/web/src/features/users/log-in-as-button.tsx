import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { Button, type ButtonProps } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import { logInAs } from './log-in-as';
import type { LogInAsPlace } from './users-api';

/**
 * A button that logs in as an organisation (its oldest active administrator) after the
 * browser's confirmation naming it; the API records the start in the activity log. On success
 * the page reloads into the organisation's panel, so the button stays busy until then.
 */
export function LogInAsButton({
  place,
  organisationId,
  name,
  ...button
}: { place: LogInAsPlace; organisationId: number; name: string } & Omit<
  ButtonProps,
  'onClick' | 'confirm' | 'loading'
>) {
  const { t } = useTranslation('users');
  const [entering, setEntering] = useState(false);
  const enter = async () => {
    setEntering(true);
    try {
      await logInAs(place, { organisationId });
    } catch (error) {
      notify.error(isApiError(error) ? failureListText(t, error) : t('common:errors.communication'));
      setEntering(false);
    }
  };
  return (
    <Button
      {...button}
      loading={entering}
      confirm={t('actions.logInAsConfirm', { name, context: place.panel })}
      onClick={enter}
    />
  );
}
