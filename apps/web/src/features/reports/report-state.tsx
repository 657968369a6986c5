import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import styles from './reports.module.css';

/** A report being read: 'Loading…', its failure in the interface language with Try again, or `children` with it. */
export function ReportLoad<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (report: T) => ReactNode;
}) {
  const { t } = useTranslation('reports');
  if (query.isError)
    return (
      <div className={styles.state} role="alert">
        <p className={styles.stateTitle}>{failureText(t, query.error)}</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  if (query.isPending)
    return (
      <p className={styles.note} aria-busy="true">
        {t('common:loading')}
      </p>
    );
  return children(query.data);
}

/** A report's empty state (nothing delivered, nothing to report on): what, why, and where to go (`children`). */
export function ReportEmpty({
  title,
  body,
  busy = false,
  children,
}: {
  title: string;
  body: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={styles.state} aria-busy={busy || undefined}>
      <p className={styles.stateTitle}>{title}</p>
      <p className={styles.stateBody}>{body}</p>
      {children}
    </div>
  );
}
