import type { NotificationEvent, QueuedEmailStatus } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../shell/badge/badge';

const statusTones: Record<QueuedEmailStatus, BadgeTone> = {
  pending: 'neutral',
  sent: 'success',
  failed: 'alert',
};
const eventTones: Record<NotificationEvent, BadgeTone> = {
  queued: 'neutral',
  sent: 'success',
  retrying: 'muted',
  failed: 'alert',
  resent: 'neutral',
};

/** Pending, Sent or Failed. */
export function MailStatusBadge({ status }: { status: QueuedEmailStatus }) {
  const { t } = useTranslation('notifications');
  return <Badge tone={statusTones[status]}>{t(`status.${status}`)}</Badge>;
}

/** What happened to a mail: Queued, Sent, Retrying, Failed, Resent. */
export function EventBadge({ event }: { event: NotificationEvent }) {
  const { t } = useTranslation('notifications');
  return <Badge tone={eventTones[event]}>{t(`events.${event}`)}</Badge>;
}
