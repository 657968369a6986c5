import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { Button, type ButtonSize } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import { entryName, type ReferenceList, useSetEnabled } from './configuration-api';

/** Enable or Disable, after the browser's confirmation; the outcome is told in a toast. */
export function EnabledToggle({
  list,
  entry,
  size = 'small',
}: {
  list: ReferenceList;
  entry: { id: number; name: string; code: string; enabled: boolean };
  size?: ButtonSize;
}) {
  const { t } = useTranslation('configuration');
  const mutation = useSetEnabled(list);
  const enable = !entry.enabled;
  const onClick = () =>
    mutation.mutate(
      { id: entry.id, enabled: enable },
      {
        onSuccess: (updated) =>
          notify.success(
            t(updated.enabled ? 'toggle.enabled' : 'toggle.disabled', { name: entryName(list, updated) }),
          ),
        onError: (error) =>
          notify.error(isApiError(error) ? failureListText(t, error) : t('common:errors.communication')),
      },
    );
  return (
    <Button
      size={size}
      variant="outline"
      color={enable ? 'success' : 'danger'}
      confirm
      loading={mutation.isPending}
      onClick={onClick}
      aria-label={t(enable ? 'toggle.enableLabel' : 'toggle.disableLabel', { name: entryName(list, entry) })}
    >
      {t(enable ? 'toggle.enable' : 'toggle.disable')}
    </Button>
  );
}
