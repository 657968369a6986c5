import { fromMinorUnits } from '@rtb/shared';
import { useSearchParams } from 'react-router';
import type { CampaignFormValues } from './campaign-form-schema';
import { campaignPath } from './campaigns-api';

/**
 * What another page may fill a new campaign's form with (the retargeting set-up does): amounts
 * in minor units, a frequency cap of `count` a day. Only a new campaign takes it; the user still
 * checks and saves the form.
 */
export interface CampaignPrefill {
  name?: string;
  audienceIncludeIds?: number[];
  audienceExcludeIds?: number[];
  bannerIds?: number[];
  dailyBudget?: number;
  maxCpm?: number;
  /** Impressions a user a day. */
  frequencyPerDay?: number;
}

const ids = (list: number[] | undefined) => (list?.length ? list.join(',') : null);

/** `campaigns/new?...`: the new campaign's form, filled in with `prefill`. */
export function campaignPrefillPath(prefill: CampaignPrefill): string {
  const params = new URLSearchParams();
  const put = (key: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  };
  put('name', prefill.name);
  put('include', ids(prefill.audienceIncludeIds));
  put('exclude', ids(prefill.audienceExcludeIds));
  put('banners', ids(prefill.bannerIds));
  put('daily', prefill.dailyBudget);
  put('cpm', prefill.maxCpm);
  put('perDay', prefill.frequencyPerDay);
  const query = params.toString();
  return query ? `${campaignPath()}?${query}` : campaignPath();
}

const idsOf = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
const wholeOf = (text: string | null) => {
  const value = Number(text ?? Number.NaN);
  return Number.isInteger(value) && value > 0 ? value : null;
};

/** The form values a prefill address carries (what it does not name is left out). */
export function prefillValuesOf(params: URLSearchParams): Partial<CampaignFormValues> {
  const values: Partial<CampaignFormValues> = {};
  const name = params.get('name')?.trim();
  if (name) values.name = name.slice(0, 200);
  if (params.has('include')) values.audienceIncludeIds = idsOf(params.get('include'));
  if (params.has('exclude')) values.audienceExcludeIds = idsOf(params.get('exclude'));
  if (params.has('banners')) values.bannerIds = idsOf(params.get('banners'));
  const daily = wholeOf(params.get('daily'));
  if (daily !== null) values.dailyBudget = fromMinorUnits(daily);
  const cpm = wholeOf(params.get('cpm'));
  if (cpm !== null) values.maxCpm = fromMinorUnits(cpm);
  const perDay = wholeOf(params.get('perDay'));
  if (perDay !== null) values.frequencyCap = { period: 'day', count: String(perDay) };
  return values;
}

/** A new campaign's prefill from the address; nothing for a saved one. */
export function useCampaignPrefill(isNew: boolean): Partial<CampaignFormValues> {
  const [params] = useSearchParams();
  return isNew ? prefillValuesOf(params) : {};
}
