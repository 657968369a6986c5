import type { QueuedEmailEntry } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { Button, type ButtonSize } from '../../shell/button/button';
import { notify } from '../../shell/toast/notify';
import { failureText } from './messages';
import { useResendQueuedEmail } from './notifications-api';

/**
 * Sends a sent or failed mail again, after confirmation, as it was stored. Shown only to
 * those who may write notifications; a pending mail has none (it is still being sent).
 */
export function ResendButton({ mail, size = 'small' }: { mail: QueuedEmailEntry; size?: ButtonSize }) {
  const { t } = useTranslation('notifications');
  const canWrite = useCan('notifications', 'write');
  const resend = useResendQueuedEmail();
  if (!canWrite || mail.status === 'pending') return null;
  return (
    <Button
      size={size}
      variant="outline"
      color="info"
      loading={resend.isPending}
      confirm={t('resend.confirm', { address: mail.toAddress })}
      aria-label={t('resend.label', { address: mail.toAddress })}
      onClick={() =>
        resend.mutate(mail.id, {
          onSuccess: () => notify.success(t('resend.done', { address: mail.toAddress })),
          onError: (error) => notify.error(failureText(t, error)),
        })
      }
    >
      {t('resend.button')}
    </Button>
  );
}
