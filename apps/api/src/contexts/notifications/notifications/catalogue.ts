import { configKeys, type EmailPlaceholderDto, type EmailTemplateKey } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { rejectionReasonName } from '../../campaigns';
import { formatMoney, invoiceNumber as invoiceNumberOf, topUpRequestNumber } from '../../money';
import { alertWord } from '../alert-digests/alert-words';
import { formatChange, formatCount, formatMicros, formatRatio } from '../report-emails/format';

export type MailVars = Record<string, string | number>;

interface Placeholder {
  /** A required placeholder must stay in the HTML: without it the mail is useless (the action link). */
  required: boolean;
  /** A realistic value for previews, in the mail's language where it matters. */
  sample: (deps: AppDeps, locale: string) => string | number | Promise<string | number>;
}

/** queueEmail fills it in for every mail. */
const productName: Placeholder = { required: false, sample: (deps) => deps.config.productName };
const firstName: Placeholder = {
  required: false,
  sample: (_deps, locale) => (locale === 'pl' ? 'Agnieszka' : 'Emma'),
};
/** A sample in English or Polish. */
const text = (en: string, pl: string): Placeholder => ({
  required: false,
  sample: (_deps, locale) => (locale === 'pl' ? pl : en),
});
/** Money as the mail shows it (formatted in the recipient's language). */
const amount: Placeholder = {
  required: false,
  sample: (_deps, locale) => formatMoney(123_000, 'PLN', locale),
};
const requestNumber: Placeholder = { required: false, sample: () => topUpRequestNumber(42) };
const invoiceNumber: Placeholder = { required: false, sample: () => invoiceNumberOf(2025, 42) };
const link = (path: string): Placeholder => ({
  required: true,
  sample: (deps) => `${deps.config.publicUrl}${path}`,
});

/** A figure of the weekly report and its change from the week before, as the mail writes them. */
const weeklyFigure = (
  name: string,
  week: number,
  before: number,
  format: (value: number, locale: string) => string,
): Record<string, Placeholder> => ({
  [name]: { required: false, sample: (_deps, locale) => format(week, locale) },
  [`${name}Change`]: { required: false, sample: (_deps, locale) => formatChange(week, before, locale) },
});

/**
 * Every mail the platform sends, by template key: the `{{name}}`s its code fills in. Editing a
 * template may use these and must keep the required ones; previews fill them with the samples.
 * A new template key needs its entry here and in `emailTemplateKeys` (a test checks the seeded ones).
 */
const catalogue: Record<EmailTemplateKey, Record<string, Placeholder>> = {
  'account-activation': {
    productName,
    firstName,
    link: link('/account/advertiser/activate?token=sample-activation-token'),
    validHours: {
      required: false,
      sample: (deps) => deps.settings.number(deps.db, configKeys.activationLifetimeHours),
    },
  },
  'password-reset': {
    productName,
    firstName,
    link: link('/account/advertiser/password-change?token=sample-reset-token'),
    validMinutes: {
      required: false,
      sample: (deps) => deps.settings.number(deps.db, configKeys.passwordResetLifetimeMinutes),
    },
  },
  'account-exists': { productName, firstName, link: link('/account/advertiser/login') },
  'password-changed': { productName, firstName, link: link('/account/advertiser/password-reset') },
  'support-contact': {
    productName,
    contactId: { required: false, sample: () => 1042 },
    subject: text('Campaign stopped', 'Kampania zatrzymana'),
    senderName: {
      required: false,
      sample: (_deps, locale) => (locale === 'pl' ? 'Agnieszka Nowak' : 'Emma Brown'),
    },
    senderEmail: { required: false, sample: () => 'emma@shop.example.com' },
    organisationName: { required: false, sample: () => 'Demo Shop' },
    message: text(
      'Our campaign stopped serving yesterday.\nCould you check it?',
      'Nasza kampania przestała się wyświetlać wczoraj.\nCzy możecie to sprawdzić?',
    ),
    attachmentName: { required: false, sample: () => 'screenshot.png' },
    link: link('/panel/admin/support?contact=1042'),
  },
  'support-reply': {
    productName,
    firstName,
    subject: text('Campaign stopped', 'Kampania zatrzymana'),
    reply: text(
      'We have restarted the campaign. It is serving again.',
      'Uruchomiliśmy kampanię ponownie. Znów się wyświetla.',
    ),
    link: link('/panel/advertiser/support?contact=1042'),
  },
  'top-up-request-accepted': {
    productName,
    firstName,
    amount,
    requestNumber,
    invoiceNumber,
    link: link('/panel/advertiser/payments'),
  },
  'top-up-request-rejected': {
    productName,
    firstName,
    amount,
    requestNumber,
    reason: {
      required: false,
      sample: (_deps, locale) =>
        locale === 'pl'
          ? 'Przelew nie dotarł w ciągu 14 dni.'
          : 'The transfer did not arrive within 14 days.',
    },
    link: link('/panel/advertiser/payments'),
  },
  invoice: {
    productName,
    invoiceNumber,
    amount,
    buyerName: { required: false, sample: () => 'Demo Shop' },
  },
  'banner-rejected': {
    productName,
    firstName,
    bannerName: { required: false, sample: () => 'Spring sale 300x250' },
    reason: {
      required: false,
      sample: (_deps, locale) => rejectionReasonName('landing_page_mismatch', locale),
    },
    note: text(
      'The landing page sells other products than the banner shows.',
      'Strona docelowa oferuje inne produkty niż pokazuje baner.',
    ),
    link: link('/panel/advertiser/banners?banner=42'),
  },
  'weekly-report': {
    productName,
    firstName,
    advertiserName: { required: false, sample: () => 'Demo Shop' },
    period: { required: false, sample: () => '05.01.2026 – 11.01.2026' },
    ...weeklyFigure('impressions', 125_400, 118_230, (v, l) => formatCount(v, l)),
    ...weeklyFigure('clicks', 1_254, 1_301, (v, l) => formatCount(v, l)),
    ...weeklyFigure('ctr', 0.01, 0.011, (v, l) => formatRatio(v, l)),
    ...weeklyFigure('spend', 812_340_000, 790_000_000, (v, l) => formatMicros(v, 'PLN', l, 2)),
    ...weeklyFigure('conversions', 42, 35, (v, l) => formatCount(v, l)),
    ...weeklyFigure('conversionValue', 1_050_000, 910_000, (v, l) => formatMoney(v, 'PLN', l)),
    ...weeklyFigure('roas', 12.93, 11.52, (v, l) => formatRatio(v, l)),
    topCampaigns: {
      required: false,
      sample: (_deps, locale) =>
        [
          `1. Winter sale: ${formatMicros(512_000_000, 'PLN', locale, 2)}`,
          `2. Retargeting: ${formatMicros(250_340_000, 'PLN', locale, 2)}`,
          `3. Brand: ${formatMicros(50_000_000, 'PLN', locale, 2)}`,
        ].join('\n'),
    },
    link: link('/panel/advertiser/reports?from=2026-01-05&to=2026-01-11'),
    settingsLink: { required: false, sample: (deps) => `${deps.config.publicUrl}/panel/advertiser/me` },
  },
  'alert-digest': {
    productName,
    firstName,
    date: { required: false, sample: () => '18.03.2026' },
    advertisers: { required: false, sample: () => 'Demo Shop, Low Shop' },
    alerts: {
      required: false,
      sample: (_deps, locale) =>
        [
          `Demo Shop: ${alertWord('creative_rejected', locale)}`,
          `Low Shop: ${alertWord('low_balance', locale)}, ${alertWord('not_serving', locale)}`,
        ].join('\n'),
    },
    link: link('/panel/agency/overview?alert=any'),
    settingsLink: { required: false, sample: (deps) => `${deps.config.publicUrl}/panel/agency/me` },
  },
};

const isCatalogued = (key: string): key is EmailTemplateKey => Object.hasOwn(catalogue, key);

const placeholderMap = (key: string): Record<string, Placeholder> =>
  isCatalogued(key) ? catalogue[key] : { productName };

export const cataloguedTemplateKeys = (): string[] => Object.keys(catalogue);

/** The placeholders a mail of this key provides; a key outside the catalogue gets only the product name. */
export function placeholdersOf(key: string): EmailPlaceholderDto[] {
  return Object.entries(placeholderMap(key)).map(([name, p]) => ({ name, required: p.required }));
}

/** Sample values of every placeholder of the key, for a preview in `locale`. */
export async function sampleVars(deps: AppDeps, key: string, locale: string): Promise<MailVars> {
  const vars: MailVars = {};
  for (const [name, placeholder] of Object.entries(placeholderMap(key))) {
    vars[name] = await placeholder.sample(deps, locale);
  }
  return vars;
}
