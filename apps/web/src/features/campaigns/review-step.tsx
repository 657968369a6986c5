import { type CampaignDto, type CampaignSettingsDto, normaliseDomainList } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { type CurrencyLike, formatDay, formatPercent } from '../../lib/format';
import { useAudienceChoices } from '../audiences';
import { useKnownBanners } from './banner-picker';
import {
  type CampaignFormValues,
  domainLines,
  typedGoalOf,
  typedHoldoutBps,
  typedMinor,
} from './campaign-form-schema';
import { campaignMoney } from './campaign-money';
import type { CampaignStep } from './campaign-steps';
import styles from './campaigns.module.css';
import { goalTargetText } from './goal-text';
import { ReviewGroup, type ReviewRow } from './review-group';
import { countryChoices } from './targeting-step';

/** How many domains of a list the review names; the rest it counts. */
const DOMAINS_SHOWN = 5;

/**
 * Step 5, review: every choice in words, grouped by step, each group with a link back to its
 * step; amounts with the currency's symbol, days as DD.MM.YYYY, lists by their names.
 */
export function ReviewStep({
  values,
  settings,
  currency,
  campaign,
  derivedDaily,
  searchOf,
}: {
  values: CampaignFormValues;
  settings: CampaignSettingsDto;
  currency: CurrencyLike;
  campaign: CampaignDto | null;
  derivedDaily: number | null;
  searchOf: (step: CampaignStep) => string;
}) {
  const { t, i18n } = useTranslation('campaigns');
  const audiences = useAudienceChoices();
  const { banners } = useKnownBanners(campaign?.banners ?? []);
  const notSet = t('review.notSet');
  const amount = (text: string, none: string) => {
    const minor = typedMinor(text);
    return minor === null ? none : campaignMoney(minor, currency);
  };
  const listed = (names: string[], none: string) => (names.length > 0 ? names.join(', ') : none);
  const days = (text: string) => {
    const count = Number(text.trim() || Number.NaN);
    return Number.isInteger(count) ? t('review.days', { count }) : text || notSet;
  };
  const holdout = (text: string) => {
    const bps = typedHoldoutBps(text);
    if (bps === null) return text || notSet;
    return bps === 0 ? t('review.noHoldout') : formatPercent(bps / 100);
  };
  const domains = (text: string, none: string) => {
    const { domains: list } = normaliseDomainList(domainLines(text));
    const shown = listed(list.slice(0, DOMAINS_SHOWN), none);
    return list.length > DOMAINS_SHOWN
      ? t('review.more', { list: shown, count: list.length - DOMAINS_SHOWN })
      : shown;
  };
  const audienceNames = (ids: number[], none: string) =>
    audiences.isPending && ids.length > 0
      ? t('common:loading')
      : listed(
          ids.map((id) => audiences.data?.find((audience) => audience.id === id)?.name ?? `#${id}`),
          none,
        );
  const countries = countryChoices(settings.countries, i18n.language);
  const picked = values.bannerIds.map((id) => banners.get(id));
  const goal = typedGoalOf(values.goal);
  const bidRows: ReviewRow[] =
    values.goal.kind === 'maxCpm'
      ? [[t('review.maxCpm'), amount(values.maxCpm, notSet)]]
      : [
          [t('review.target'), (goal && goalTargetText(goal, currency)) ?? notSet],
          [t('review.ceilingCpm'), amount(values.maxCpm, t('review.noCeiling'))],
        ];
  const cap = values.frequencyCap;
  const capCount = Number(cap.count.trim() || Number.NaN);

  return (
    <>
      <p className={styles.lead}>{t(campaign ? 'review.leadSaved' : 'review.leadNew')}</p>
      <ReviewGroup
        title={t('steps.goal')}
        editSearch={searchOf('goal')}
        rows={[
          [t('form.name'), values.name.trim() || notSet],
          [t('review.totalBudget'), amount(values.totalBudget, t('list.noTotal'))],
          [
            t('review.dailyBudget'),
            derivedDaily === null
              ? amount(values.dailyBudget, t('list.noDaily'))
              : t('review.derivedDaily', { amount: campaignMoney(derivedDaily, currency) }),
          ],
          [t('form.pacing'), t(`pacing.${values.pacing}`)],
          [t('review.goal'), t(`goal.${values.goal.kind}`)],
          ...bidRows,
        ]}
      />
      <ReviewGroup
        title={t('steps.targeting')}
        editSearch={searchOf('targeting')}
        rows={[
          [t('audiences:picker.include'), audienceNames(values.audienceIncludeIds, t('review.anyUser'))],
          [t('audiences:picker.exclude'), audienceNames(values.audienceExcludeIds, t('review.none'))],
          [
            t('form.countries'),
            listed(
              values.countries.map(
                (code) => countries.find((country) => country.value === code)?.text ?? code,
              ),
              t('review.everyCountry'),
            ),
          ],
          [
            t('form.deviceTypes'),
            listed(
              values.deviceTypes.map((value) => t(`device.${value}`)),
              t('review.everyDevice'),
            ),
          ],
          [
            t('form.operatingSystems'),
            listed(
              values.operatingSystems.map((value) => t(`os.${value}`)),
              t('review.everySystem'),
            ),
          ],
          [t('form.includeDomains'), domains(values.includeDomains, t('review.anywhere'))],
          [t('form.excludeDomains'), domains(values.excludeDomains, t('review.none'))],
          [
            t('form.excludedCategories'),
            listed(
              values.excludedCategories.map((value) => t(`iab.${value}`)),
              t('review.none'),
            ),
          ],
          [
            t('form.frequencyCap'),
            cap.period === 'off'
              ? t('period.off')
              : Number.isInteger(capCount)
                ? t('review.frequency', { count: capCount, period: t(`period.${cap.period}`) })
                : notSet,
          ],
        ]}
      />
      <ReviewGroup
        title={t('steps.creatives')}
        editSearch={searchOf('creatives')}
        rows={[
          [
            t('banners.legend'),
            <>
              {listed(
                picked.map((banner, index) => banner?.name ?? `#${values.bannerIds[index]}`),
                t('review.noBanners'),
              )}
              {!picked.some((banner) => banner?.status === 'approved') && (
                <span className={styles.reviewNote}>{t('banners.noApprovedPicked')}</span>
              )}
            </>,
          ],
        ]}
      />
      <ReviewGroup
        title={t('steps.schedule')}
        editSearch={searchOf('schedule')}
        rows={[
          [t('form.startDate'), formatDay(values.startDate) || notSet],
          [t('review.endDate'), values.endDate ? formatDay(values.endDate) : t('review.noEnd')],
          [
            t('form.hours'),
            values.hoursOfWeek === null
              ? t('form.allHours')
              : t('form.hoursCount', { count: values.hoursOfWeek.length }),
          ],
          [t('review.clickWindow'), days(values.clickWindowDays)],
          [t('review.viewWindow'), days(values.viewWindowDays)],
          [t('review.holdout'), holdout(values.holdoutBps)],
        ]}
      />
    </>
  );
}
