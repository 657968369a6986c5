import type { AgencyDto } from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { formatCountry, formatDateTime } from '../../lib/format';
import { failureListText } from '../../shell/form/failure-text';
import { usePageTitle } from '../../shell/page-title';
import {
  AGENCIES_PATH,
  agenciesKeys,
  BillingBadge,
  BillingState,
  idOf,
  MoneySummary,
  NewOrganisationFrame,
  OrganisationFrame,
  RegulationsBadge,
  organisationStyles as styles,
  useAgency,
  VerificationBadge,
} from '../organisations';
import { ManualOperationActions } from '../payments';
import { LogInAsOrganisation, OrganisationUsersSection } from '../users';
import type { StatusChange } from './agencies-api';
import { AgencyAdvertisers } from './agency-advertisers';
import { AgencyForm } from './agency-form';
import { VerificationSection } from './verification-section';

/** One agency (/panel/admin/agencies/single?id=N); without an id, a new one is added. */
export function AgencyPage() {
  const { t } = useTranslation('agencies');
  const [searchParams] = useSearchParams();
  const id = idOf(searchParams.get('id'));
  const canWrite = useCan('agencies', 'write');
  const agency = useAgency(id !== null && !Number.isNaN(id) ? id : null);
  usePageTitle(id === null ? t('single.newTitle') : (agency.data?.name ?? t('single.editTitle')));
  const back = { to: AGENCIES_PATH, label: t('single.back') };

  if (id === null) {
    return (
      <NewOrganisationFrame
        back={back}
        title={t('single.newTitle')}
        lead={t('single.newLead')}
        canWrite={canWrite}
        cannotCreate={t('single.cannotCreate')}
      >
        <AgencyForm canWrite />
      </NewOrganisationFrame>
    );
  }
  return (
    <OrganisationFrame
      back={back}
      id={id}
      query={agency}
      texts={{
        notFoundTitle: t('single.notFoundTitle'),
        notFoundBody: t('single.notFoundBody'),
        loadError: t('single.loadError'),
      }}
      errorText={(error) => (isApiError(error) ? failureListText(t, error) : null)}
    >
      {(data) => <AgencyDetails agency={data} canWrite={canWrite} />}
    </OrganisationFrame>
  );
}

function AgencyDetails({ agency, canWrite }: { agency: AgencyDto; canWrite: boolean }) {
  const { t } = useTranslation('agencies');
  const client = useQueryClient();
  const canReadAdvertisers = useCan('advertisers', 'read');
  const canAddAdvertisers = useCan('advertisers', 'write');
  const canReadUsers = useCan('agency-users', 'read');
  const canLogInAs = useCan('agency-users', 'write');
  const users = { panel: 'admin', kind: 'agency' } as const;
  const onStatusChanged = (change: StatusChange<'agencies'>) => {
    client.setQueryData(agenciesKeys.detail(agency.id), change.agency);
    void client.invalidateQueries({ queryKey: [...agenciesKeys.all, 'list'] });
  };
  return (
    <>
      <section className={styles.summary} aria-label={t('single.summaryLabel')}>
        <div className={styles.identity}>
          <h1 className={styles.heading}>{agency.name}</h1>
          <p className={styles.muted}>
            {[formatCountry(agency.country), agency.currency?.code].filter(Boolean).join(' · ') ||
              t('single.noBilling')}
          </p>
          <p className={styles.muted}>{t('single.createdAt', { date: formatDateTime(agency.createdAt) })}</p>
        </div>
        <div className={styles.badges}>
          <VerificationBadge status={agency.statusVerification} />
          <BillingBadge complete={agency.billingComplete} />
          <RegulationsBadge accepted={agency.hasRegulationAccepted} />
        </div>
      </section>
      {!canWrite && <p className={styles.note}>{t('single.readOnly')}</p>}
      <div className={styles.grid}>
        <div className={styles.column}>
          <AgencyForm key={agency.id} agency={agency} canWrite={canWrite} />
          <VerificationSection
            kind="agencies"
            id={agency.id}
            status={agency.statusVerification}
            canWrite={canWrite}
            onChanged={onStatusChanged}
          />
        </div>
        <div className={styles.column}>
          {canLogInAs && <LogInAsOrganisation place={users} organisationId={agency.id} name={agency.name} />}
          <MoneySummary money={agency} />
          <ManualOperationActions organisation={{ ...agency, kind: 'agency' }} />
          <BillingState complete={agency.billingComplete} missing={agency.billingMissing} />
          {canReadAdvertisers && <AgencyAdvertisers agencyId={agency.id} canAdd={canAddAdvertisers} />}
          {canReadUsers && <OrganisationUsersSection place={users} organisationId={agency.id} />}
        </div>
      </div>
    </>
  );
}
