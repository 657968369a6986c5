import type { BidRequestFacts, DeviceFacts } from '../types';
import type { IndexedCampaign } from './campaign-index';
import { anyCategoryRelated, type CategorySet, categorySet } from './categories';
import { domainListed, domainWithParents } from './domains';
import type { ZoneClock } from './zone-clocks';

/** What the rules read of a request, prepared once per imp rather than once per campaign. */
export interface RequestView {
  device: DeviceFacts;
  /** The inventory domain and its parents; null when the request names none. */
  domains: readonly string[] | null;
  inventoryCategories: CategorySet;
  blockedCategories: CategorySet;
  blockedAdvertiserDomains: ReadonlySet<string>;
}

export function requestView(request: BidRequestFacts): RequestView {
  const domain = request.inventory.domain;
  return {
    device: request.device,
    domains: domain === null ? null : domainWithParents(domain),
    inventoryCategories: categorySet(request.inventory.categories),
    blockedCategories: categorySet(request.blockedCategories),
    blockedAdvertiserDomains: new Set(request.blockedAdvertiserDomains),
  };
}

/** The advertiser's day is within the campaign's dates and the hour is one of its hours. */
export function scheduleAllows(entry: IndexedCampaign, local: ZoneClock): boolean {
  return (
    entry.startDay <= local.day &&
    local.day <= entry.endDay &&
    (entry.hoursOfWeek === null || entry.hoursOfWeek.has(local.hourOfWeek))
  );
}

/** Campaigns that target countries need the device's country to be one of them. */
export function geographyAllows(entry: IndexedCampaign, country: string | null): boolean {
  return entry.countries === null || (country !== null && entry.countries.has(country));
}

export function deviceAllows(entry: IndexedCampaign, device: DeviceFacts): boolean {
  return (
    (entry.deviceTypes === null || (device.type !== null && entry.deviceTypes.has(device.type))) &&
    (entry.operatingSystems === null || (device.os !== null && entry.operatingSystems.has(device.os)))
  );
}

/** The inventory's domain (or a parent of it) is on the include list, if any, and not on the exclude list. */
export function domainsAllow(entry: IndexedCampaign, domains: readonly string[] | null): boolean {
  if (entry.includeDomains !== null && (domains === null || !domainListed(domains, entry.includeDomains)))
    return false;
  return entry.excludeDomains === null || domains === null || !domainListed(domains, entry.excludeDomains);
}

/**
 * The inventory is about none of the categories the campaign stays away from, the request blocks
 * none of the campaign's categories (`bcat`, tier 1 covering tier 2 both ways) and not its
 * advertiser's domain (`badv`, subdomains included).
 */
export function categoriesAllow(entry: IndexedCampaign, view: RequestView): boolean {
  const { campaign, advertiserDomains } = entry;
  return (
    !anyCategoryRelated(campaign.excludedCategories, view.inventoryCategories) &&
    !anyCategoryRelated(campaign.categories, view.blockedCategories) &&
    (advertiserDomains === null ||
      view.blockedAdvertiserDomains.size === 0 ||
      !domainListed(advertiserDomains, view.blockedAdvertiserDomains))
  );
}
