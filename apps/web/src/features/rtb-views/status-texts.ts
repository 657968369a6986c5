import { rtbViewStatusMessages, type ViewArea } from '@rtb/shared';
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

const messageKeys = new Map<string, string>(
  Object.entries(rtbViewStatusMessages).map(([key, text]) => [text, `rtb-views:messages.${key}`]),
);

/** An area's message in the interface language when it is a known one, else as the API wrote it. */
export const areaMessage = (t: TFunction, message: string) => {
  const key = messageKeys.get(message);
  return key ? t(key) : message;
};

/** Whether the user is on `path` (or a page below it). */
export const isOn = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);
