import type { ViewArea, ViewStatus } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { panelPrefix } from '../../auth/kinds';

/** Where an area is handled: products and tags in integrations, the others on their own pages. */
export const areaPath: Record<ViewArea, string> = {
  products: `${panelPrefix.advertiser}/integrations`,
  tags: `${panelPrefix.advertiser}/integrations`,
  banners: `${panelPrefix.advertiser}/banners`,
  reports: `${panelPrefix.advertiser}/reports`,
  campaigns: `${panelPrefix.advertiser}/campaigns`,
};

/**
 * An area's message in the interface language by its key, with its values (counts included, e.g.
 * 'Approved banners: {approved}.'); a key the web has no text for as the API wrote it.
 */
export const areaMessage = (t: TFunction, status: Pick<ViewStatus, 'message' | 'messageKey' | 'params'>) =>
  t(`rtb-views:messages.${status.messageKey}`, { ...status.params, defaultValue: status.message });

/** Whether the user is on `path` (or a page below it). */
export const isOn = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);
