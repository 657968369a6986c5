import type { ActivityLogDto } from '@rtb/shared';
import type { TFunction } from 'i18next';

/**
 * What an entry is about, in words: 'Campaign "Spring sale"' by the name it had at the change,
 * 'Support request #2' without one (an unknown type as its code).
 */
function entityText(
  t: TFunction,
  entry: Pick<ActivityLogDto, 'entityType' | 'entityId' | 'entityName'>,
): string {
  const type = t(`activity-logs:entityTypes.${entry.entityType}`, { defaultValue: entry.entityType });
  return entry.entityName
    ? t('activity-logs:namedEntity', { type, name: entry.entityName })
    : t('activity-logs:entity', { type, id: entry.entityId });
}

/** A status an update moved to, and the word for what happened (an approval, a rejection...). */
const actionOfStatus = {
  approved: 'approved',
  rejected: 'rejected',
  accepted: 'accepted',
  verified: 'verified',
  active: 'activated',
  paused: 'paused',
  archived: 'archived',
  resolved: 'resolved',
} as const;
type Action = ActivityLogDto['event'] | (typeof actionOfStatus)[keyof typeof actionOfStatus];

/** The fields that hold an entity's status (a banner's review, an organisation's verification...). */
const STATUS_FIELDS = ['status', 'statusVerification'];

/** What happened: the event, or for an update that moved the status, what the move was. */
function actionOf(entry: Pick<ActivityLogDto, 'event' | 'changes'>): Action {
  if (entry.event !== 'updated') return entry.event;
  const { before, after } = entry.changes;
  const field = STATUS_FIELDS.find((key) => after?.[key] !== undefined && after[key] !== before?.[key]);
  const status = field ? after?.[field] : undefined;
  return (typeof status === 'string' && (actionOfStatus as Record<string, Action>)[status]) || 'updated';
}

/** The entry as a sentence: 'Campaign "Spring sale" updated', 'Banner "Summer" rejected'. */
export const changeText = (
  t: TFunction,
  entry: Pick<ActivityLogDto, 'event' | 'changes' | 'entityType' | 'entityId' | 'entityName'>,
): string =>
  t('activity-logs:change', {
    entity: entityText(t, entry),
    action: t(`activity-logs:actions.${actionOf(entry)}`),
  });

/**
 * Who did it: the user, and during "log in as" who acted as them, named apart: 'Adam Agencki
 * (by admin Ada Admin)'. The start of a "log in as" is the impersonator's own act: named once.
 */
export function actorText(t: TFunction, entry: Pick<ActivityLogDto, 'actor' | 'impersonator'>): string {
  const actor = entry.actor ? entry.actor.name || entry.actor.login : t('activity-logs:system');
  const by = entry.impersonator;
  if (!by || by.id === entry.actor?.id) return actor;
  return `${actor} ${t('activity-logs:byImpersonator', {
    kind: t(`activity-logs:impersonatorKinds.${by.kind}`),
    name: by.name || by.login,
  })}`;
}
