import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrencyOf } from '../../account/reference-data';
import { useCan } from '../../auth/can';
import { formatNumber } from '../../lib/format';
import { useAudienceChoices } from '../audiences';
import { campaignMoney, campaignPrefillPath, campaignsPath, useCampaignSettings } from '../campaigns';
import styles from './retargeting-setup.module.css';
import { SetupStep, type StepState } from './setup-step';
import { findStandard, standardAudiences } from './standard-audiences';
import { suggestedBudget } from './suggested-budget';
import { useDynamicBanners } from './use-setup-data';

const [viewersAudience, abandonersAudience, buyersAudience] = standardAudiences as [
  (typeof standardAudiences)[number],
  (typeof standardAudiences)[number],
  (typeof standardAudiences)[number],
];

/**
 * Step 5: a campaign retargets the product viewers (or cart abandoners). Until one does, a button
 * opens the new campaign's form filled in: the product viewers included, the buyers excluded, the
 * dynamic banner, and the suggested bid, daily budget and frequency cap (`suggested-budget.ts`).
 */
export function CampaignStep() {
  const { t } = useTranslation('retargeting-setup');
  const audiences = useAudienceChoices();
  const banners = useDynamicBanners();
  const settings = useCampaignSettings();
  const canWrite = useCan('campaigns', 'write');
  const currencyOf = useCurrencyOf();
  const ready = audiences.data && banners.data && settings.data;
  const viewers = audiences.data ? findStandard(audiences.data, viewersAudience) : null;
  const abandoners = audiences.data ? findStandard(audiences.data, abandonersAudience) : null;
  const buyers = audiences.data ? findStandard(audiences.data, buyersAudience) : null;
  const running = (viewers?.campaignCount ?? 0) > 0 || (abandoners?.campaignCount ?? 0) > 0;
  const state: StepState | undefined = ready ? (running ? 'done' : 'todo') : undefined;
  const size = viewers?.estimatedSize ?? 0;
  const suggestion = settings.data ? suggestedBudget(settings.data, size) : null;
  const banner = banners.approved ?? banners.pending;
  const money = (minor: number) =>
    settings.data ? campaignMoney(minor, currencyOf(settings.data.currency)) : '';

  return (
    <SetupStep
      number={5}
      id="campaign"
      title={t('campaign.title')}
      state={state}
      error={audiences.error ?? banners.error ?? settings.error}
      onRetry={() => {
        void audiences.refetch();
        void banners.refetch();
        void settings.refetch();
      }}
    >
      <p className={styles.text}>{t(running ? 'campaign.done' : 'campaign.todo')}</p>
      {!running && suggestion && (
        <>
          <p className={styles.text} data-testid="suggested-budget">
            {t('campaign.suggestion', {
              daily: money(suggestion.dailyBudget),
              cpm: money(suggestion.maxCpm),
              perDay: suggestion.frequencyPerDay,
              count: size,
              people: formatNumber(size),
            })}
          </p>
          <p className={styles.text}>{t('campaign.how')}</p>
          {(!viewers || !buyers || !banner) && <p className={styles.text}>{t('campaign.incomplete')}</p>}
        </>
      )}
      <div className={styles.actions}>
        {canWrite && !running && suggestion && (
          <Link
            className={styles.action}
            to={campaignPrefillPath({
              name: t('campaign.name'),
              audienceIncludeIds: viewers ? [viewers.id] : [],
              audienceExcludeIds: buyers ? [buyers.id] : [],
              bannerIds: banner ? [banner.id] : [],
              dailyBudget: suggestion.dailyBudget,
              maxCpm: suggestion.maxCpm,
              frequencyPerDay: suggestion.frequencyPerDay,
            })}
          >
            {t('campaign.start')}
          </Link>
        )}
        <Link className={styles.secondary} to={campaignsPath}>
          {t('campaign.open')}
        </Link>
      </div>
    </SetupStep>
  );
}
