import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { EnabledBadge } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { FormError } from '../../shell/form/form-error';
import styles from './configuration.module.css';
import { type ReferenceEntry, type ReferenceList, useReferenceEntry } from './configuration-api';
import { EnabledToggle } from './enabled-toggle';
import { EntryFrame, useEntryId } from './entry-frame';

/** The frame of a country, currency or language page: name, code, state, the toggle, the dates. */
export function ReferenceEntryPage<K extends ReferenceList>({
  list,
  title,
  canWrite,
  children,
}: {
  list: K;
  title: string;
  canWrite: boolean;
  children: (entry: ReferenceEntry) => ReactNode;
}) {
  const { t } = useTranslation('configuration');
  const id = useEntryId();
  const query = useReferenceEntry(list, id);
  return (
    <EntryFrame
      title={title}
      tab={list}
      id={id}
      query={query}
      heading={(entry: ReferenceEntry) => (
        <>
          {entry.name} <span className={styles.code}>{entry.code}</span>
          <EnabledBadge enabled={entry.enabled} />
        </>
      )}
      aside={(entry: ReferenceEntry) =>
        canWrite ? <EnabledToggle list={list} entry={entry} size="medium" /> : null
      }
    >
      {(entry: ReferenceEntry) => (
        <section className={styles.card} aria-labelledby="entry-form-heading">
          <h2 id="entry-form-heading" className={styles.cardHeading}>
            {t('entry.details')}
          </h2>
          <dl className={styles.details}>
            <dt>{t('columns.code')}</dt>
            <dd className={styles.code}>{entry.code}</dd>
            <dt>{t('columns.createdAt')}</dt>
            <dd>{formatDateTime(entry.createdAt)}</dd>
            <dt>{t('columns.updatedAt')}</dt>
            <dd>{formatDateTime(entry.updatedAt)}</dd>
          </dl>
          {children(entry)}
        </section>
      )}
    </EntryFrame>
  );
}

/** The form's body: read-only without the configuration write permission. */
export function EntryFormBody({
  canWrite,
  saving,
  formError,
  onSubmit,
  children,
}: {
  canWrite: boolean;
  saving: boolean;
  formError: string | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('configuration');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <FormError message={formError} />
      <fieldset className={styles.fieldset} disabled={!canWrite}>
        {children}
      </fieldset>
      {canWrite ? (
        <div className={styles.actions}>
          <Button type="submit" layout="wide" loading={saving}>
            {t('save')}
          </Button>
        </div>
      ) : (
        <p className={styles.muted}>{t('readOnly')}</p>
      )}
    </form>
  );
}
