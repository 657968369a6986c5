import type { RegulationDto, RegulationType } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLocales } from '../../account/reference-data';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { Loading } from '../../shell/loading';
import { usePageTitle } from '../../shell/page-title';
import { notify } from '../../shell/toast/notify';
import { RegulationAcceptances } from './regulation-acceptances';
import { RegulationTextsForm } from './regulation-form';
import styles from './regulations.module.css';
import {
  failureText,
  isRegulationType,
  newRegulationPath,
  REGULATIONS_TAB_PATH,
  useRegulation,
  useRegulations,
  useSetRegulationEnabled,
} from './regulations-api';
import { RegulationBadges } from './regulations-tab';

/** The `id` query parameter: a positive integer, `null` when absent, NaN when malformed. */
function idOf(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : Number.NaN;
}

/**
 * A regulation version (/panel/admin/regulations/single): `?id=N` shows and edits one,
 * `?type=...` adds a new version of a document.
 */
export function RegulationPage() {
  const [searchParams] = useSearchParams();
  const id = idOf(searchParams.get('id'));
  const type = searchParams.get('type');
  if (id !== null) return <RegulationDetails id={id} />;
  if (isRegulationType(type)) return <NewRegulation type={type} />;
  return <NotFound />;
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('regulations');
  return (
    <div className={styles.page}>
      <Link className={styles.back} to={REGULATIONS_TAB_PATH}>
        ← {t('single.back')}
      </Link>
      {children}
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation('regulations');
  usePageTitle(t('single.notFoundTitle'));
  return (
    <Frame>
      <section className={styles.state} aria-labelledby="regulation-not-found">
        <h1 id="regulation-not-found" className={styles.stateTitle}>
          {t('single.notFoundTitle')}
        </h1>
        <p>{t('single.notFoundBody')}</p>
      </section>
    </Frame>
  );
}

/** A new version, starting from the texts of the newest one. */
function NewRegulation({ type }: { type: RegulationType }) {
  const { t } = useTranslation('regulations');
  const documentName = t(`types.${type}`);
  usePageTitle(t('single.newTitle', { type: documentName }));
  const canWrite = useCan('regulations', 'write');
  const locales = useLocales();
  const newest = useRegulations({ type, sort: 'version', order: 'desc', perPage: 1 });
  const newestId = newest.data?.elements[0]?.id ?? null;
  const base = useRegulation(newestId);
  const version = (newest.data?.elements[0]?.version ?? 0) + 1;
  const loading = locales.isPending || newest.isPending || (newestId !== null && base.isPending);
  const failed = newest.error ?? base.error;

  return (
    <Frame>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('single.newTitle', { type: documentName })}</h1>
          {newest.data && <p className={styles.lead}>{t('single.newLead', { version })}</p>}
        </div>
      </header>
      {!canWrite ? (
        <p className={styles.state}>{t('single.cannotCreate')}</p>
      ) : failed ? (
        <section className={styles.state} role="alert">
          <p className={styles.stateTitle}>
            {isApiError(failed) ? failureText(t, failed) : t('single.loadError')}
          </p>
          <Button variant="outline" onClick={() => void (newest.error ? newest.refetch() : base.refetch())}>
            {t('common:retry')}
          </Button>
        </section>
      ) : loading ? (
        <Loading />
      ) : (
        <RegulationTextsForm target={{ type }} texts={base.data?.texts ?? []} locked={false} />
      )}
    </Frame>
  );
}

function RegulationDetails({ id }: { id: number }) {
  const { t } = useTranslation('regulations');
  const valid = !Number.isNaN(id);
  const regulation = useRegulation(valid ? id : null);
  const locales = useLocales();
  usePageTitle(regulation.data?.title ?? t('single.title'));

  if (!valid || (isApiError(regulation.error) && regulation.error.code === 404)) return <NotFound />;
  if (regulation.error) {
    return (
      <Frame>
        <section className={styles.state} role="alert">
          <p className={styles.stateTitle}>
            {isApiError(regulation.error) ? failureText(t, regulation.error) : t('single.loadError')}
          </p>
          <Button variant="outline" onClick={() => void regulation.refetch()}>
            {t('common:retry')}
          </Button>
        </section>
      </Frame>
    );
  }
  if (!regulation.data || locales.isPending) return <Loading />;
  return <RegulationView regulation={regulation.data} />;
}

function RegulationView({ regulation }: { regulation: RegulationDto }) {
  const { t } = useTranslation('regulations');
  const navigate = useNavigate();
  const canWrite = useCan('regulations', 'write');
  const setEnabled = useSetRegulationEnabled();
  const accepted = regulation.acceptanceCount > 0;

  const toggle = () =>
    setEnabled.mutate(
      { id: regulation.id, enabled: !regulation.enabled },
      {
        onSuccess: (saved) => notify.success(t(saved.enabled ? 'single.enabled' : 'single.disabled')),
        onError: (error) =>
          notify.error(isApiError(error) ? failureText(t, error) : t('common:errors.communication')),
      },
    );

  return (
    <Frame>
      <section className={styles.summary} aria-label={t('single.summaryLabel')}>
        <div>
          <h1 className={styles.heading}>{regulation.title}</h1>
          <p className={styles.muted}>
            {t(`types.${regulation.type}`)} · {t('versionNumber', { version: regulation.version })}
          </p>
          <p className={styles.muted}>
            {t('single.dates', {
              created: formatDateTime(regulation.createdAt),
              updated: formatDateTime(regulation.updatedAt),
            })}
            {' · '}
            {t('single.acceptanceCount', { count: regulation.acceptanceCount })}
          </p>
          <RegulationBadges regulation={regulation} />
        </div>
        {canWrite && (
          <div className={styles.badges}>
            <Button
              variant="outline"
              color={regulation.enabled ? 'danger' : 'success'}
              confirm
              loading={setEnabled.isPending}
              onClick={toggle}
            >
              {t(regulation.enabled ? 'single.disable' : 'single.enable')}
            </Button>
            <Button onClick={() => navigate(newRegulationPath(regulation.type))}>
              {t('single.newVersion')}
            </Button>
          </div>
        )}
      </section>
      {(accepted || !canWrite) && (
        <p className={styles.note}>{t(accepted ? 'single.lockedAccepted' : 'single.readOnly')}</p>
      )}
      <RegulationTextsForm
        key={regulation.id}
        target={{ id: regulation.id }}
        texts={regulation.texts}
        locked={accepted || !canWrite}
      />
      <RegulationAcceptances regulationId={regulation.id} />
    </Frame>
  );
}
