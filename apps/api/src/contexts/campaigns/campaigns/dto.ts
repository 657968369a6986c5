import { campaignGoalColumns, campaignGoalOf } from '@rtb/db';
import {
  type CampaignBody,
  type CampaignBodyInput,
  type CampaignDto,
  type CampaignListItemDto,
  type DeviceType,
  type IabCategory,
  type OperatingSystem,
  toApiDateTime,
} from '@rtb/shared';
import type { BriefBanner } from '../banners/service';
import type { CampaignListRow, CampaignRow, CampaignValues } from './repository';
import type { CampaignFacts } from './serving-facts';

const changedBy = (row: CampaignListRow) =>
  row.updatedBy?.id != null ? { id: row.updatedBy.id, name: row.updatedBy.name ?? '' } : null;

export function toCampaignListItem(row: CampaignListRow, facts: CampaignFacts): CampaignListItemDto {
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
    advertiserId: row.advertiserId,
    name: row.name,
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    totalBudget: row.totalBudget,
    dailyBudget: row.dailyBudget,
    derivedDailyBudget: facts.derivedDailyBudget,
    goal: campaignGoalOf(row),
    maxCpm: row.maxCpm,
    pacing: row.pacing,
    currency: facts.currency,
    timeZone: facts.timeZone,
    servingStatus: facts.servingStatus,
    stats: facts.stats,
    pacingToday: facts.pacingToday,
    updatedBy: changedBy(row),
    bannerCount: facts.bannerCount,
    approvedBannerCount: facts.approvedBannerCount,
  };
}

export function toCampaignDto(row: CampaignRow, facts: CampaignFacts, banners: BriefBanner[]): CampaignDto {
  const { bannerCount: _count, approvedBannerCount: _approved, ...item } = toCampaignListItem(row, facts);
  return {
    ...item,
    hoursOfWeek: row.hoursOfWeek,
    frequencyCap:
      row.frequencyCapCount !== null && row.frequencyCapPeriod !== null
        ? { count: row.frequencyCapCount, period: row.frequencyCapPeriod }
        : null,
    clickWindowDays: row.clickWindowDays,
    viewWindowDays: row.viewWindowDays,
    holdoutBps: row.holdoutBps,
    countries: row.countries,
    deviceTypes: row.deviceTypes as DeviceType[],
    operatingSystems: row.operatingSystems as OperatingSystem[],
    includeDomains: row.includeDomains,
    excludeDomains: row.excludeDomains,
    excludedCategories: row.excludedCategories as IabCategory[],
    audienceIncludeIds: row.audienceIncludeIds,
    audienceExcludeIds: row.audienceExcludeIds,
    banners,
  };
}

/** The columns of the campaign form's values (everything but the status and the banners). */
export function campaignValuesOf(body: CampaignBody): CampaignValues {
  return {
    name: body.name,
    startDate: body.startDate,
    endDate: body.endDate,
    hoursOfWeek: body.hoursOfWeek,
    totalBudget: body.totalBudget,
    dailyBudget: body.dailyBudget,
    ...campaignGoalColumns(body.goal),
    maxCpm: body.maxCpm,
    pacing: body.pacing,
    frequencyCapCount: body.frequencyCap?.count ?? null,
    frequencyCapPeriod: body.frequencyCap?.period ?? null,
    clickWindowDays: body.clickWindowDays,
    viewWindowDays: body.viewWindowDays,
    holdoutBps: body.holdoutBps,
    countries: body.countries,
    deviceTypes: body.deviceTypes,
    operatingSystems: body.operatingSystems,
    includeDomains: body.includeDomains,
    excludeDomains: body.excludeDomains,
    excludedCategories: body.excludedCategories,
    audienceIncludeIds: body.audienceIncludeIds,
    audienceExcludeIds: body.audienceExcludeIds,
  };
}

/** A campaign's settings and banners as the campaign form sends them (what `campaignValuesOf` stored). */
export function campaignBodyOf(row: CampaignRow, bannerIds: number[]): CampaignBodyInput {
  return {
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    hoursOfWeek: row.hoursOfWeek,
    totalBudget: row.totalBudget,
    dailyBudget: row.dailyBudget,
    goal: campaignGoalOf(row),
    maxCpm: row.maxCpm,
    pacing: row.pacing,
    frequencyCap:
      row.frequencyCapCount !== null && row.frequencyCapPeriod !== null
        ? { count: row.frequencyCapCount, period: row.frequencyCapPeriod }
        : null,
    clickWindowDays: row.clickWindowDays,
    viewWindowDays: row.viewWindowDays,
    holdoutBps: row.holdoutBps,
    countries: row.countries,
    deviceTypes: row.deviceTypes as DeviceType[],
    operatingSystems: row.operatingSystems as OperatingSystem[],
    includeDomains: row.includeDomains,
    excludeDomains: row.excludeDomains,
    excludedCategories: row.excludedCategories as IabCategory[],
    bannerIds,
    audienceIncludeIds: row.audienceIncludeIds,
    audienceExcludeIds: row.audienceExcludeIds,
  };
}

/** What an activity-log row keeps of a campaign: its settings, status and banners. */
export function auditedCampaign(row: CampaignRow, bannerIds: number[]) {
  return {
    name: row.name,
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    hoursOfWeek: row.hoursOfWeek,
    totalBudget: row.totalBudget,
    dailyBudget: row.dailyBudget,
    goalKind: row.goalKind,
    goalTargetMicros: row.goalTargetMicros,
    goalTargetRoasBps: row.goalTargetRoasBps,
    maxCpm: row.maxCpm,
    pacing: row.pacing,
    frequencyCapCount: row.frequencyCapCount,
    frequencyCapPeriod: row.frequencyCapPeriod,
    clickWindowDays: row.clickWindowDays,
    viewWindowDays: row.viewWindowDays,
    holdoutBps: row.holdoutBps,
    countries: row.countries,
    deviceTypes: row.deviceTypes,
    operatingSystems: row.operatingSystems,
    includeDomains: row.includeDomains,
    excludeDomains: row.excludeDomains,
    excludedCategories: row.excludedCategories,
    audienceIncludeIds: row.audienceIncludeIds,
    audienceExcludeIds: row.audienceExcludeIds,
    bannerIds,
  };
}
