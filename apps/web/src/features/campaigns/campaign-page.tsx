import type { CampaignDto } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { usePageTitle } from '../../shell/page-title';
import { Tabs, useUrlTab } from '../../shell/tabs/tabs';
import { CampaignForm } from './campaign-form';
import { CampaignStatusActions } from './campaign-status-actions';
import { CampaignStatusBadge } from './campaign-status-badge';
import styles from './campaigns.module.css';
import { campaignsPath, useCampaign, useCampaignSettings } from './campaigns-api';
import { GoalSummary } from './goal-summary';
import { ServingStatus } from './serving-status';

/** A campaign's tabs: how it does (first), and its settings (the form). */
const TABS = ['performance', 'settings'] as const;

/**
 * A campaign's page (`campaigns/N`; `campaigns/new` adds one): on top, whether it serves and why
 * not, its bid strategy, with the status moves it allows; then its performance (what the panel composes in:
 * `performance`) and its settings as tabs, the chosen one in the address (`?tab=`). A new
 * campaign is the form alone.
 */
export function CampaignPage({ performance }: { performance?: (campaign: CampaignDto) => ReactNode }) {
  const { t } = useTranslation('campaigns');
  const { campaignId } = useParams();
  const id = campaignId === undefined || campaignId === 'new' ? null : Number(campaignId);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const canWrite = useCan('campaigns', 'write');
  const settings = useCampaignSettings();
  const campaign = useCampaign(valid ? id : null);
  const [tab, chooseTab] = useUrlTab(TABS);
  usePageTitle(id === null ? t('single.newTitle') : (campaign.data?.name ?? t('single.title')));

  const back = (
    <Link className={styles.back} to={campaignsPath}>
      {t('single.back')}
    </Link>
  );
  const notFound = !valid || (campaign.error && isApiError(campaign.error) && campaign.error.code === 404);
  if (notFound)
    return (
      <div className={styles.page}>
        {back}
        <div className={styles.state} role="alert">
          <p className={styles.stateTitle}>{t('single.notFoundTitle')}</p>
          <p>{t('single.notFoundBody')}</p>
        </div>
      </div>
    );
  const failed = settings.error ?? campaign.error;
  if (failed)
    return (
      <div className={styles.page}>
        {back}
        <div className={styles.state} role="alert">
          <p className={styles.stateTitle}>{failureText(t, failed)}</p>
          <Button
            variant="outline"
            onClick={() => {
              void settings.refetch();
              if (id !== null) void campaign.refetch();
            }}
          >
            {t('common:retry')}
          </Button>
        </div>
      </div>
    );
  if (!settings.data || (id !== null && !campaign.data))
    return (
      <div className={styles.page}>
        {back}
        <p className={styles.note}>{t('common:loading')}</p>
      </div>
    );

  const data = campaign.data ?? null;
  const form = (
    <CampaignForm
      key={data?.id ?? 'new'}
      settings={settings.data}
      campaign={data}
      readOnly={
        !canWrite ? t('form.readOnly') : data?.status === 'archived' ? t('form.archivedReadOnly') : undefined
      }
    />
  );
  return (
    <div className={styles.page}>
      {back}
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{data ? data.name : t('single.newTitle')}</h1>
          <p className={styles.lead}>
            {data
              ? t('single.updated', {
                  date: formatDateTime(data.updatedAt),
                  name: data.updatedBy?.name ?? t('single.someone'),
                })
              : t('single.newLead')}
          </p>
        </div>
      </header>
      {data && (
        <section className={styles.summary} aria-label={t('single.statusLabel')}>
          <div>
            <p className={styles.legend}>{t('columns.status')}</p>
            <CampaignStatusBadge status={data.status} />
          </div>
          <div>
            <p className={styles.legend}>{t('columns.serving')}</p>
            <ServingStatus status={data.servingStatus} links />
          </div>
          <GoalSummary campaign={data} />
          {canWrite && <CampaignStatusActions campaign={data} />}
        </section>
      )}
      {data && performance ? (
        <Tabs
          id="campaign"
          label={t('single.tabs.label')}
          tabs={TABS}
          active={tab}
          onChoose={chooseTab}
          labelOf={(value) => t(`single.tabs.${value}`)}
        >
          {tab === 'performance' ? performance(data) : form}
        </Tabs>
      ) : (
        form
      )}
    </div>
  );
}
