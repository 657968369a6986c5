import type { AgencyReportMetricKey, ReportTimeGrouping } from '@rtb/shared';
import type { ExportLocale } from '../../../core/exports';

/** The texts of an export's header and cells, in the user's language (the web app's own words). */
export interface ExportLabels {
  period: Record<Exclude<ReportTimeGrouping, 'none'>, string>;
  campaign: string;
  creative: string;
  country: string;
  deviceType: string;
  domain: string;
  product: string;
  advertiser: string;
  currency: string;
  total: string;
  unknown: string;
  /** An App Store id in the domain column (`appStoreIdOf`). */
  appStoreApp: (id: string) => string;
  devices: Record<string, string>;
  metrics: Record<AgencyReportMetricKey, string>;
}

export const exportLabels: Record<ExportLocale, ExportLabels> = {
  en: {
    period: { hour: 'Hour', day: 'Day', week: 'Week (from Monday)', month: 'Month' },
    campaign: 'Campaign',
    creative: 'Creative',
    country: 'Country',
    deviceType: 'Device type',
    domain: 'Site or app domain',
    product: 'Product',
    advertiser: 'Advertiser',
    currency: 'Currency',
    total: 'Total',
    unknown: 'Unknown',
    appStoreApp: (id) => `App ${id} (App Store)`,
    devices: { desktop: 'Desktop', mobile: 'Phone', tablet: 'Tablet', ctv: 'Connected TV' },
    metrics: {
      bids: 'Bids',
      wins: 'Wins',
      winRate: 'Win rate',
      impressions: 'Impressions',
      clicks: 'Clicks',
      ctr: 'CTR',
      spendMicros: 'Spend',
      cpmMicros: 'CPM',
      cpcMicros: 'CPC',
      clickConversions: 'Post-click conversions',
      viewConversions: 'Post-view conversions',
      conversions: 'Conversions',
      postbackConversions: 'Postback conversions',
      tagConversions: 'Tag conversions',
      pixelConversions: 'Pixel conversions',
      conversionRate: 'Conversion rate',
      conversionValueMinor: 'Conversion value',
      cpaMicros: 'CPA',
      roas: 'ROAS',
      predictedClicks: 'Predicted clicks',
      predictedConversions: 'Predicted post-click conversions',
      shadingSavingMicros: 'Saved by bid shading',
      shadingSavingRate: 'Saved by bid shading (% of full bids)',
      commissionMicros: 'Commission',
    },
  },
  pl: {
    period: { hour: 'Godzina', day: 'Dzień', week: 'Tydzień (od poniedziałku)', month: 'Miesiąc' },
    campaign: 'Kampania',
    creative: 'Kreacja',
    country: 'Kraj',
    deviceType: 'Typ urządzenia',
    domain: 'Domena strony lub aplikacji',
    product: 'Produkt',
    advertiser: 'Reklamodawca',
    currency: 'Waluta',
    total: 'Razem',
    unknown: 'Nieznane',
    appStoreApp: (id) => `Aplikacja ${id} (App Store)`,
    devices: { desktop: 'Komputer', mobile: 'Telefon', tablet: 'Tablet', ctv: 'Telewizor (Connected TV)' },
    metrics: {
      bids: 'Oferty',
      wins: 'Wygrane',
      winRate: 'Współczynnik wygranych',
      impressions: 'Wyświetlenia',
      clicks: 'Kliknięcia',
      ctr: 'CTR',
      spendMicros: 'Wydatki',
      cpmMicros: 'CPM',
      cpcMicros: 'CPC',
      clickConversions: 'Konwersje po kliknięciu',
      viewConversions: 'Konwersje po wyświetleniu',
      conversions: 'Konwersje',
      postbackConversions: 'Konwersje z postbacku',
      tagConversions: 'Konwersje z tagu',
      pixelConversions: 'Konwersje z piksela',
      conversionRate: 'Współczynnik konwersji',
      conversionValueMinor: 'Wartość konwersji',
      cpaMicros: 'CPA',
      roas: 'ROAS',
      predictedClicks: 'Przewidywane kliknięcia',
      predictedConversions: 'Przewidywane konwersje po kliknięciu',
      shadingSavingMicros: 'Oszczędność z obniżania stawek',
      shadingSavingRate: 'Oszczędność z obniżania stawek (% pełnych stawek)',
      commissionMicros: 'Prowizja',
    },
  },
};
