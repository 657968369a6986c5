import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './badge.module.css';

export type BadgeTone = 'success' | 'alert' | 'warning' | 'info' | 'muted' | 'neutral';

/** A small rounded label for a state. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}

/** Enabled (success state) or Disabled (alert state), as the spec shows enabled flags. */
export function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <Badge tone={enabled ? 'success' : 'alert'}>{t(enabled ? 'status.enabled' : 'status.disabled')}</Badge>
  );
}
