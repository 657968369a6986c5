import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import listStyles from '../../shell/list/list.module.css';
import { Loading } from '../../shell/loading';
import { usePageTitle } from '../../shell/page-title';
import styles from './configuration.module.css';
import { type ConfigurationTab, configsPath, idFromSearch } from './configuration-api';
import { loadError } from './list-state';

/** The `?id=` of the single page. */
export function useEntryId(): number | null {
  const [searchParams] = useSearchParams();
  return idFromSearch(searchParams);
}

/**
 * A single page's frame: the way back to its tab, and the loading, not-found and error states
 * of the entry; `children` gets the loaded entry.
 */
export function EntryFrame<T>({
  title,
  tab,
  id,
  query,
  heading,
  aside,
  children,
}: {
  title: string;
  tab: ConfigurationTab;
  id: number | null;
  query: UseQueryResult<T>;
  heading: (entry: T) => ReactNode;
  aside?: (entry: T) => ReactNode;
  children: (entry: T) => ReactNode;
}) {
  const { t } = useTranslation('configuration');
  usePageTitle(title);
  const back = (
    <Link className={styles.backLink} to={configsPath(tab)}>
      ← {t('backTo', { tab: t(`tabs.${tab}`) })}
    </Link>
  );
  const notFound = id === null || (isApiError(query.error) && query.error.code === 404);

  let body: ReactNode;
  if (notFound) {
    body = (
      <div className={listStyles.state} role="alert">
        <p className={listStyles.stateTitle}>{t('notFound')}</p>
      </div>
    );
  } else if (query.error) {
    body = (
      <div className={listStyles.state} role="alert">
        <p className={listStyles.stateTitle}>{loadError(t, query.error)}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  } else if (!query.data) {
    body = <Loading />;
  }

  return (
    <div className={styles.page}>
      {back}
      {body ?? (
        <>
          <header className={styles.header}>
            <div>
              <p className={styles.lead}>{title}</p>
              <h1 className={styles.heading}>{heading(query.data as T)}</h1>
            </div>
            {aside?.(query.data as T)}
          </header>
          {children(query.data as T)}
        </>
      )}
    </div>
  );
}
