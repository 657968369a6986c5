import type { AdvertiserDto } from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { formatDateTime, formatPercent } from '../../lib/format';
import { failureListText } from '../../shell/form/failure-text';
import { usePageTitle } from '../../shell/page-title';
import { type StatusChange, VerificationSection } from '../agencies';
import { AdvertiserCreatives } from '../banner-reviews';
import { AdvertiserCampaignsSection } from '../campaigns';
import {
  type AdvertisersPanel,
  advertisersKeys,
  advertisersPath,
  agencyPath,
  BillingBadge,
  BillingState,
  idOf,
  MoneySummary,
  NewOrganisationFrame,
  OrganisationFrame,
  RegulationsBadge,
  organisationStyles as styles,
  useAdvertiser,
  VerificationBadge,
} from '../organisations';
import { ManualOperationActions } from '../payments';
import { LogInAsOrganisation, OrganisationUsersSection } from '../users';
import { AdvertiserForm } from './advertiser-form';
import { CreativesTrustCard } from './creatives-trust-card';

/**
 * One advertiser: the admin's `advertisers/single?id=N` (without an id a new one is added, under
 * the agency of `?agencyId=` when given) and the agency's `advertisers/N` (`advertisers/new` adds
 * one with its first user).
 */
export function AdvertiserPage({ panel }: { panel: AdvertisersPanel }) {
  const { t } = useTranslation('advertisers');
  const [searchParams] = useSearchParams();
  const { advertiserId } = useParams();
  const admin = panel === 'admin';
  const id = idOf(admin ? searchParams.get('id') : advertiserId === 'new' ? null : (advertiserId ?? null));
  const presetAgency = admin ? idOf(searchParams.get('agencyId')) : null;
  const canWrite = useCan('advertisers', 'write');
  const advertiser = useAdvertiser(panel, id !== null && !Number.isNaN(id) ? id : null);
  usePageTitle(id === null ? t('single.newTitle') : (advertiser.data?.name ?? t('single.editTitle')));
  const back = { to: advertisersPath(panel), label: t('single.back') };

  if (id === null) {
    return (
      <NewOrganisationFrame
        back={back}
        title={t('single.newTitle')}
        lead={t(admin ? 'single.newLead' : 'single.agencyNewLead')}
        canWrite={canWrite}
        cannotCreate={t('single.cannotCreate')}
      >
        <AdvertiserForm
          panel={panel}
          agencyId={presetAgency === null || Number.isNaN(presetAgency) ? null : presetAgency}
          canWrite
        />
      </NewOrganisationFrame>
    );
  }
  return (
    <OrganisationFrame
      back={back}
      id={id}
      query={advertiser}
      texts={{
        notFoundTitle: t('single.notFoundTitle'),
        notFoundBody: t('single.notFoundBody'),
        loadError: t('single.loadError'),
      }}
      errorText={(error) => (isApiError(error) ? failureListText(t, error) : null)}
    >
      {(data) => <AdvertiserDetails panel={panel} advertiser={data} canWrite={canWrite} />}
    </OrganisationFrame>
  );
}

/**
 * The advertiser's summary, details form, money, billing state and users, and the card to log in
 * as it (the admin's and the agency's alike); the admin also changes its verification status.
 */
function AdvertiserDetails({
  panel,
  advertiser,
  canWrite,
}: {
  panel: AdvertisersPanel;
  advertiser: AdvertiserDto;
  canWrite: boolean;
}) {
  const { t } = useTranslation('advertisers');
  const client = useQueryClient();
  const admin = panel === 'admin';
  const canReadUsers = useCan('advertiser-users', 'read');
  const canLogInAs = useCan('advertiser-users', 'write');
  const users = { panel, kind: 'advertiser' } as const;
  const onStatusChanged = (change: StatusChange<'advertisers'>) => {
    client.setQueryData(advertisersKeys.detail(panel, advertiser.id), change.advertiser);
    void client.invalidateQueries({ queryKey: [...advertisersKeys.all(panel), 'list'] });
  };
  return (
    <>
      <section className={styles.summary} aria-label={t('single.summaryLabel')}>
        <div className={styles.identity}>
          <h1 className={styles.heading}>{advertiser.name}</h1>
          <p className={styles.muted}>
            {advertiser.code}
            {' · '}
            {!advertiser.agency ? (
              t('noAgency')
            ) : admin ? (
              <Link className={styles.link} to={agencyPath(advertiser.agency.id)}>
                {advertiser.agency.name}
              </Link>
            ) : (
              advertiser.agency.name
            )}
            {' · '}
            {t('single.commission', { percent: formatPercent(advertiser.comissionPercent) })}
          </p>
          <p className={styles.muted}>
            {t('single.createdAt', { date: formatDateTime(advertiser.createdAt) })}
          </p>
        </div>
        <div className={styles.badges}>
          <VerificationBadge status={advertiser.statusVerification} />
          <BillingBadge complete={advertiser.billingComplete} />
          <RegulationsBadge accepted={advertiser.hasRegulationAccepted} />
        </div>
      </section>
      {!canWrite && <p className={styles.note}>{t('single.readOnly')}</p>}
      <div className={styles.grid}>
        <div className={styles.column}>
          <AdvertiserForm key={advertiser.id} panel={panel} advertiser={advertiser} canWrite={canWrite} />
          {admin && (
            <VerificationSection
              kind="advertisers"
              id={advertiser.id}
              status={advertiser.statusVerification}
              canWrite={canWrite}
              onChanged={onStatusChanged}
            />
          )}
        </div>
        <div className={styles.column}>
          {canLogInAs && (
            <LogInAsOrganisation place={users} organisationId={advertiser.id} name={advertiser.name} />
          )}
          <MoneySummary money={advertiser} />
          {admin && <ManualOperationActions organisation={{ ...advertiser, kind: 'advertiser' }} />}
          {admin && canWrite && <CreativesTrustCard advertiser={advertiser} />}
          <BillingState complete={advertiser.billingComplete} missing={advertiser.billingMissing} />
          {canReadUsers && <OrganisationUsersSection place={users} organisationId={advertiser.id} />}
        </div>
      </div>
      {admin && <AdvertiserCreatives advertiserId={advertiser.id} />}
      {admin && <AdvertiserCampaignsSection advertiserId={advertiser.id} />}
    </>
  );
}
