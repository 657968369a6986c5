import type { ActivityLogDto } from '@rtb/shared';
import type { TFunction } from 'i18next';

/** What the entry is about, in words: 'Support request #2' (an unknown type as its code). */
export const entityText = (t: TFunction, entry: Pick<ActivityLogDto, 'entityType' | 'entityId'>): string =>
  t('activity-logs:entity', {
    type: t(`activity-logs:entityTypes.${entry.entityType}`, { defaultValue: entry.entityType }),
    id: entry.entityId,
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
