import { rtbViewStatusMessages, type ViewArea } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { panelPrefix } from '../../auth/kinds';
import { featureMessages } from '../../shell/form/feature-messages';

/** Where an area is handled: products and tags in integrations, the others on their own pages. */
export const areaPath: Record<ViewArea, string> = {
  products: `${panelPrefix.advertiser}/integrations`,
  tags: `${panelPrefix.advertiser}/integrations`,
  banners: `${panelPrefix.advertiser}/banners`,
  reports: `${panelPrefix.advertiser}/reports`,
  campaigns: `${panelPrefix.advertiser}/campaigns`,
};

const { localise } = featureMessages('rtb-views', rtbViewStatusMessages);

/**
 * An area's message in the interface language when it is a known one (counts included, e.g.
 * 'Approved banners: {approved}.'), else as the API wrote it.
 */
export const areaMessage = (t: TFunction, message: string) => localise(t, message);

/** Whether the user is on `path` (or a page below it). */
export const isOn = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);
