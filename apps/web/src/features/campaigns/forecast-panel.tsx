import type { CampaignForecastBodyInput } from '@rtb/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CurrencyLike, formatNumber } from '../../lib/format';
import { type CampaignFormValues, domainLines, typedMinor } from './campaign-form-schema';
import { campaignMoney } from './campaign-money';
import { useCampaignForecast } from './forecast-api';
import styles from './forecast-panel.module.css';

/** How long the form stays still before the forecast is asked again. */
export const FORECAST_DEBOUNCE_MS = 600;

const lines = (text: string) => domainLines(text).filter((line) => line.trim() !== '');

/** `value`, once it has stayed the same for `delayMs`. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The part of the form a forecast reads, or null while the bid is not a number yet (or no hour is chosen). */
export function forecastBodyOf(values: CampaignFormValues): CampaignForecastBodyInput | null {
  const maxCpm = typedMinor(values.maxCpm);
  if (maxCpm === null || maxCpm <= 0 || values.hoursOfWeek?.length === 0) return null;
  const count = Number(values.frequencyCap.count.trim());
  return {
    hoursOfWeek: values.hoursOfWeek,
    dailyBudget: typedMinor(values.dailyBudget) || null,
    maxCpm,
    frequencyCap:
      values.frequencyCap.period !== 'off' && Number.isInteger(count) && count > 0
        ? { count, period: values.frequencyCap.period }
        : null,
    countries: values.countries,
    deviceTypes: values.deviceTypes,
    operatingSystems: values.operatingSystems,
    includeDomains: lines(values.includeDomains),
    excludeDomains: lines(values.excludeDomains),
    excludedCategories: values.excludedCategories,
    bannerIds: values.bannerIds,
    audienceIncludeIds: values.audienceIncludeIds,
    audienceExcludeIds: values.audienceExcludeIds,
  };
}

/**
 * The campaign's forecast as the form stands (decision 0019): impressions, reach and spend per
 * day from the bid requests the platform sampled, with its warnings in words; asked again once
 * the form has been still for a moment.
 */
export function ForecastPanel({ values, currency }: { values: CampaignFormValues; currency: CurrencyLike }) {
  const { t } = useTranslation('forecast');
  const body = forecastBodyOf(values);
  // Compared as text: the form hands over a new object on every render.
  const settledText = useSettled(JSON.stringify(body), FORECAST_DEBOUNCE_MS);
  const settled = useMemo(() => JSON.parse(settledText) as CampaignForecastBodyInput | null, [settledText]);
  const query = useCampaignForecast(settled);
  const forecast = query.data;

  let content: React.ReactNode;
  if (body === null)
    content = (
      <p className={styles.empty}>{t(values.goal.kind === 'maxCpm' ? 'needsBid' : 'needsCeiling')}</p>
    );
  else if (query.isError && !forecast) content = <p className={styles.empty}>{t('unavailable')}</p>;
  else if (!forecast) content = <p className={styles.empty}>{t('loading')}</p>;
  else if (forecast.sample.rows === 0) content = <p className={styles.empty}>{t('noSample')}</p>;
  else
    content = (
      <>
        <dl className={styles.figures}>
          <div>
            <dt>{t('impressions')}</dt>
            <dd>{formatNumber(forecast.perDay.impressions)}</dd>
          </div>
          <div>
            <dt>{t('reach')}</dt>
            <dd>{formatNumber(forecast.perDay.reach)}</dd>
          </div>
          <div>
            <dt>{t('spend')}</dt>
            <dd>{campaignMoney(forecast.perDay.spend, currency)}</dd>
          </div>
        </dl>
        {forecast.warnings.length > 0 && (
          <ul className={styles.warnings}>
            {forecast.warnings.map((warning) => (
              <li key={warning}>{t(`warning.${warning}`)}</li>
            ))}
          </ul>
        )}
        <p className={styles.basis}>
          {t('basis', {
            requests: formatNumber(forecast.perDay.requests),
            rows: formatNumber(forecast.sample.rows),
            count: forecast.sample.days,
          })}
        </p>
      </>
    );

  return (
    <section className={styles.panel} aria-labelledby="campaign-forecast-title" aria-live="polite">
      <h2 id="campaign-forecast-title" className={styles.title}>
        {t('title')}
      </h2>
      {content}
    </section>
  );
}
