import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import { Loading } from '../../shell/loading';
import styles from './organisation.module.css';

/**
 * A single page's frame: the way back to the list (an admin's page) and, for an existing entry,
 * its not-found, error and loading states; `children` gets the loaded entry. An organisation's
 * own page has neither a way back nor an id.
 */
export function OrganisationFrame<T>({
  back,
  id,
  query,
  texts,
  errorText,
  children,
}: {
  back?: { to: string; label: string };
  id?: number;
  query: UseQueryResult<T>;
  texts: { notFoundTitle: string; notFoundBody: string; loadError: string };
  errorText: (error: unknown) => string | null;
  children: (entry: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const notFound =
    (id !== undefined && Number.isNaN(id)) || (isApiError(query.error) && query.error.code === 404);
  let body: ReactNode;
  if (notFound) {
    body = (
      <section className={styles.state} aria-labelledby="organisation-not-found">
        <h1 id="organisation-not-found" className={styles.stateTitle}>
          {texts.notFoundTitle}
        </h1>
        <p>{texts.notFoundBody}</p>
      </section>
    );
  } else if (query.error) {
    body = (
      <section className={styles.state} role="alert">
        <p className={styles.stateTitle}>{errorText(query.error) ?? texts.loadError}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </section>
    );
  } else if (!query.data) {
    body = <Loading />;
  }
  return (
    <div className={styles.page}>
      {back && (
        <Link className={styles.back} to={back.to}>
          ← {back.label}
        </Link>
      )}
      {body ?? children(query.data as T)}
    </div>
  );
}

/** A new entry's page: the way back, a heading, and the form (or why there is none). */
export function NewOrganisationFrame({
  back,
  title,
  lead,
  canWrite,
  cannotCreate,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  lead: string;
  canWrite: boolean;
  cannotCreate: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <Link className={styles.back} to={back.to}>
        ← {back.label}
      </Link>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{title}</h1>
          <p className={styles.lead}>{lead}</p>
        </div>
      </header>
      {canWrite ? (
        <div className={styles.single}>{children}</div>
      ) : (
        <p className={styles.state}>{cannotCreate}</p>
      )}
    </div>
  );
}
