import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import styles from './retargeting-setup.module.css';

/** Where a step stands: done, still to do, or waiting for something (an import, a review, events). */
export type StepState = 'done' | 'todo' | 'waiting';

const tones: Record<StepState, BadgeTone> = { done: 'success', todo: 'warning', waiting: 'info' };

/**
 * One step of the set-up: its number, title and state, then what it found and what to do next.
 * While its data loads it says so; a failed read says why, with Try again.
 */
export function SetupStep({
  number,
  id,
  title,
  state,
  error,
  onRetry,
  children,
}: {
  number: number;
  id: string;
  title: string;
  /** Undefined while the step's data loads. */
  state: StepState | undefined;
  error?: unknown;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('retargeting-setup');
  const headingId = `setup-step-${id}`;
  return (
    <li className={styles.step} aria-labelledby={headingId} data-testid={`setup-step-${id}`}>
      <div className={styles.stepHead}>
        <span className={styles.number} aria-hidden="true">
          {number}
        </span>
        <h3 id={headingId} className={styles.stepTitle}>
          {t('stepTitle', { number, title })}
        </h3>
        {error ? null : state ? (
          <Badge tone={tones[state]}>{t(`states.${state}`)}</Badge>
        ) : (
          <Badge tone="muted">{t('states.checking')}</Badge>
        )}
      </div>
      {error ? (
        <div role="alert">
          <p className={styles.text}>{failureText(t, error)}</p>
          {onRetry && (
            <Button size="small" variant="outline" onClick={onRetry}>
              {t('common:retry')}
            </Button>
          )}
        </div>
      ) : state ? (
        children
      ) : (
        <p className={styles.text}>{t('common:loading')}</p>
      )}
    </li>
  );
}
