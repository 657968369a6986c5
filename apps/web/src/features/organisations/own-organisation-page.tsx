import type { BillingInformationDto, OrganisationKind } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../auth/can';
import { useProfile } from '../../auth/profile-context';
import { isApiError } from '../../lib/api-client';
import { failureListText } from '../../shell/form/failure-text';
import { NotAvailable } from '../../shell/not-available';
import { usePageTitle } from '../../shell/page-title';
import { isServiceUser } from '../../shell/profile-info';
import { BillingBadge, BillingState } from './billing-state';
import { MoneySummary } from './money-summary';
import styles from './organisation.module.css';
import { OrganisationFrame } from './organisation-frame';
import { OwnBillingForm } from './own-billing-form';
import { type OwnOrganisations, useBillingInformation, useOwnOrganisation } from './own-organisation-api';
import { RegulationsBadge } from './regulations-badge';
import { VerificationBadge } from './verification-badge';

export interface OwnPageParts<K extends OrganisationKind> {
  /** The line under the name: where it is, what it is. */
  summary: (organisation: OwnOrganisations[K]) => ReactNode;
  /** The details form card. */
  details: (organisation: OwnOrganisations[K], canWrite: boolean) => ReactNode;
  /** Cards below the money and the billing state. */
  aside?: (organisation: OwnOrganisations[K]) => ReactNode;
}

/**
 * An agency's or advertiser's own page (`agencies/me`, `advertisers/me`): its name with the
 * verification, billing and regulations badges; its details and billing data, editable with the
 * profile's write permission; its money and what billing data is missing. Service users cannot
 * open it (spec sections 2 and 6).
 */
export function OwnOrganisationPage<K extends OrganisationKind>({
  kind,
  ...parts
}: { kind: K } & OwnPageParts<K>) {
  const { t } = useTranslation('organisations');
  const { profile } = useProfile();
  const title = t(`shell:pages.${kind}Profile`);
  const resource = `${kind}-profile`;
  if (isServiceUser(kind, profile)) return <NotAvailable title={title} message={t('own.serviceUser')} />;
  if (!can(profile, resource, 'read')) return <NotAvailable title={title} />;
  return <OwnOrganisation kind={kind} title={title} canWrite={can(profile, resource, 'write')} {...parts} />;
}

function OwnOrganisation<K extends OrganisationKind>({
  kind,
  title,
  canWrite,
  ...parts
}: { kind: K; title: string; canWrite: boolean } & OwnPageParts<K>) {
  const { t } = useTranslation('organisations');
  const organisation = useOwnOrganisation(kind);
  const billing = useBillingInformation(kind);
  usePageTitle(organisation.data?.name ?? title);
  const texts = {
    notFoundTitle: title,
    notFoundBody: t('own.loadError'),
    loadError: t('own.loadError'),
  };
  const errorText = (error: unknown) => (isApiError(error) ? failureListText(t, error) : null);
  return (
    <OrganisationFrame query={organisation} texts={texts} errorText={errorText}>
      {(data) => (
        <>
          <section className={styles.summary} aria-label={title}>
            <div className={styles.identity}>
              <h1 className={styles.heading}>{data.name}</h1>
              <p className={styles.muted}>{parts.summary(data)}</p>
            </div>
            <div className={styles.badges}>
              <VerificationBadge status={data.statusVerification} />
              <BillingBadge complete={data.billingComplete} />
              <RegulationsBadge accepted={data.hasRegulationAccepted} />
            </div>
          </section>
          {!canWrite && <p className={styles.note}>{t('own.readOnly')}</p>}
          <div className={styles.grid}>
            <div className={styles.column}>
              {parts.details(data, canWrite)}
              <BillingCard kind={kind} query={billing} canWrite={canWrite} />
            </div>
            <div className={styles.column}>
              <MoneySummary money={data} />
              <BillingState complete={data.billingComplete} missing={data.billingMissing} />
              {parts.aside?.(data)}
            </div>
          </div>
        </>
      )}
    </OrganisationFrame>
  );
}

/** The billing form once its data has loaded (its own loading and error states meanwhile). */
function BillingCard({
  kind,
  query,
  canWrite,
}: {
  kind: OrganisationKind;
  query: ReturnType<typeof useBillingInformation>;
  canWrite: boolean;
}) {
  const { t } = useTranslation('organisations');
  if (query.data)
    return <OwnBillingForm kind={kind} billing={query.data as BillingInformationDto} canWrite={canWrite} />;
  return (
    <section
      className={styles.card}
      aria-labelledby="own-billing-heading"
      aria-busy={query.isPending || undefined}
    >
      <h2 id="own-billing-heading" className={styles.cardHeading}>
        {t('billing.heading')}
      </h2>
      {query.isError ? (
        <p className={styles.note} role="alert">
          {(isApiError(query.error) && failureListText(t, query.error)) || t('own.loadError')}
        </p>
      ) : (
        <p className={styles.note}>{t('common:loading')}</p>
      )}
    </section>
  );
}
