import { randomBytes } from 'node:crypto';
import { configKeys } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { findAdvertiser, findAdvertisers } from './advertisers-repository';
import {
  advertiserCodeTaken,
  agencyAdvertiserIds,
  insertAdvertiser,
  insertAgency,
  type NewAdvertiser,
  type NewAgency,
} from './repository';

/** A short, unique, readable advertiser code: `DEMO-SHOP-3F2A`. */
async function advertiserCode(deps: AppDeps, name: string): Promise<string> {
  const stem =
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toUpperCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 20) || 'ADVERTISER';
  for (;;) {
    const code = `${stem}-${randomBytes(2).toString('hex').toUpperCase()}`;
    if (!(await advertiserCodeTaken(deps.db, code))) return code;
  }
}

/** The commission percent a new advertiser gets unless told otherwise (config value). */
export function defaultCommissionPercent(deps: AppDeps): Promise<number> {
  return deps.settings.number(deps.db, configKeys.defaultCommissionPercent);
}

export function createAgency(deps: AppDeps, values: NewAgency) {
  return insertAgency(deps.db, values);
}

/** The time zone a new advertiser gets unless told otherwise (config value). */
export async function defaultTimeZone(deps: AppDeps): Promise<string> {
  return String(await deps.settings.get(deps.db, configKeys.defaultTimeZone));
}

/**
 * A new advertiser gets the code it is given or, without one, a generated one; and, unless given
 * them, the default commission and time zone.
 */
export async function createAdvertiser(
  deps: AppDeps,
  values: Omit<NewAdvertiser, 'code'> & { code?: string | null },
) {
  return insertAdvertiser(deps.db, {
    ...values,
    code: values.code || (await advertiserCode(deps, values.name)),
    commissionPercent: values.commissionPercent ?? (await defaultCommissionPercent(deps)).toFixed(2),
    timeZone: values.timeZone ?? (await defaultTimeZone(deps)),
  });
}

/** Whether the admin lets the advertiser's creatives through without review (`creatives_trusted`). */
export async function advertiserCreativesTrusted(deps: AppDeps, advertiserId: number): Promise<boolean> {
  return (await findAdvertiser(deps.db, advertiserId))?.creativesTrusted ?? false;
}

/** Advertisers by id (any order; missing ids left out), for modules that describe many at once. */
export function advertisersByIds(deps: AppDeps, ids: readonly number[]) {
  return findAdvertisers(deps.db, [...ids]);
}

/** The ids of an agency's advertisers (what its reports cover). */
export function advertiserIdsOfAgency(deps: AppDeps, agencyId: number): Promise<number[]> {
  return agencyAdvertiserIds(deps.db, agencyId);
}
