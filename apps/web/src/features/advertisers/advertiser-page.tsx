import type { AdvertiserDto } from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { formatDateTime, formatPercent } from '../../lib/format';
import { usePageTitle } from '../../shell/page-title';
import { agencyPath, idOf } from '../agencies/agencies-api';
import { BillingBadge, BillingState } from '../agencies/billing-state';
import { MoneySummary } from '../agencies/money-summary';
import styles from '../agencies/organisation.module.css';
import { NewOrganisationFrame, OrganisationFrame } from '../agencies/organisation-frame';
import { RegulationsBadge } from '../agencies/regulations-badge';
import { VerificationBadge } from '../agencies/verification-badge';
import { type StatusChange, VerificationSection } from '../agencies/verification-section';
import { OrganisationUsersSection } from '../organisation-users/organisation-users-section';
import { AdvertiserForm } from './advertiser-form';
import { ADVERTISERS_PATH, advertiserFailureText, advertisersKeys, useAdvertiser } from './advertisers-api';

/**
 * One advertiser (/panel/admin/advertisers/single?id=N); without an id, a new one is added
 * (under the agency of `?agencyId=` when given).
 */
export function AdvertiserPage() {
  const { t } = useTranslation('advertisers');
  const [searchParams] = useSearchParams();
  const id = idOf(searchParams.get('id'));
  const presetAgency = idOf(searchParams.get('agencyId'));
  const canWrite = useCan('advertisers', 'write');
  const advertiser = useAdvertiser(id !== null && !Number.isNaN(id) ? id : null);
  usePageTitle(id === null ? t('single.newTitle') : (advertiser.data?.name ?? t('single.editTitle')));
  const back = { to: ADVERTISERS_PATH, label: t('single.back') };

  if (id === null) {
    return (
      <NewOrganisationFrame
        back={back}
        title={t('single.newTitle')}
        lead={t('single.newLead')}
        canWrite={canWrite}
        cannotCreate={t('single.cannotCreate')}
      >
        <AdvertiserForm agencyId={Number.isNaN(presetAgency) ? null : presetAgency} canWrite />
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
      errorText={(error) => (isApiError(error) ? advertiserFailureText(t, error) : null)}
    >
      {(data) => <AdvertiserDetails advertiser={data} canWrite={canWrite} />}
    </OrganisationFrame>
  );
}

function AdvertiserDetails({ advertiser, canWrite }: { advertiser: AdvertiserDto; canWrite: boolean }) {
  const { t } = useTranslation('advertisers');
  const client = useQueryClient();
  const canReadUsers = useCan('advertiser-users', 'read');
  const onStatusChanged = (change: StatusChange) => {
    client.setQueryData(advertisersKeys.detail(advertiser.id), change.advertiser as AdvertiserDto);
    void client.invalidateQueries({ queryKey: [...advertisersKeys.all, 'list'] });
  };
  return (
    <>
      <section className={styles.summary} aria-label={t('single.summaryLabel')}>
        <div className={styles.identity}>
          <h1 className={styles.heading}>{advertiser.name}</h1>
          <p className={styles.muted}>
            {advertiser.code}
            {' · '}
            {advertiser.agency ? (
              <Link className={styles.link} to={agencyPath(advertiser.agency.id)}>
                {advertiser.agency.name}
              </Link>
            ) : (
              t('noAgency')
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
          <AdvertiserForm key={advertiser.id} advertiser={advertiser} canWrite={canWrite} />
          <VerificationSection
            kind="advertisers"
            id={advertiser.id}
            status={advertiser.statusVerification}
            canWrite={canWrite}
            onChanged={onStatusChanged}
          />
        </div>
        <div className={styles.column}>
          <MoneySummary money={advertiser} />
          <BillingState complete={advertiser.billingComplete} missing={advertiser.billingMissing} />
          {canReadUsers && (
            <OrganisationUsersSection
              place={{ panel: 'admin', kind: 'advertiser' }}
              organisationId={advertiser.id}
            />
          )}
        </div>
      </div>
    </>
  );
}
