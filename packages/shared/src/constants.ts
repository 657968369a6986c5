/** Business constants and limits (spec section 9, DESIGN.md sections 4 and 8). */
export const REQUEST_TIMEOUT_MS = 30_000;
export const AGENCY_PAGE_SIZE = 25;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const POPUP_REAPPEAR_MS = 5_184_000_000;
export const ONLINE_RESTORED_HIDE_MS = 5_000;
export const SIDE_MODAL_STALE_CHECK_MS = 3_000;
export const SIDE_PANEL_CLOSE_MS = 500;
export const SIDE_PANEL_SHOW_DELAY_MS = 100;
export const MOBILE_BREAKPOINT_PX = 768;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The API's datetime format: UTC, `YYYY-MM-DD HH:mm:ss`. */
export const API_DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DISPLAY_DATETIME_FORMAT = 'DD.MM.YYYY HH:mm';

export const DEFAULT_LOCALE = 'en';

/** The header every money-moving request carries (a retry with the same key is answered once). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Config value keys the platform reads (config_values.key). */
export const configKeys = {
  maintenance: 'maintenance',
  authTokenLifetimeHours: 'auth_token_lifetime_hours',
  passwordResetLifetimeMinutes: 'password_reset_lifetime_minutes',
  activationLifetimeHours: 'activation_lifetime_hours',
  defaultCommissionPercent: 'default_commission_percent',
  supportEmail: 'support_email',
  /** ISO code of the currency that currency rates are quoted in. */
  baseCurrency: 'base_currency',
  /** The seller on invoices and proformas, and the account bank transfers go to. */
  sellerName: 'seller_name',
  sellerAddress: 'seller_address',
  sellerTaxId: 'seller_tax_id',
  sellerBankAccount: 'seller_bank_account',
  /** Country code of the seller: buyers elsewhere are invoiced without VAT (reverse charge, export). */
  sellerCountry: 'seller_country',
  /** VAT percent on top-ups invoiced to buyers in the seller's country. */
  invoiceTaxPercent: 'invoice_tax_percent',
  /** The most one money operation may move, and the highest credit limit (major units, e.g. '1000000.00'). */
  maxAmount: 'max_amount',
  /** Banner sizes allowed, comma-separated `WxH` (a file of twice a size serves at that size). */
  bannerSizes: 'banner_sizes',
  /** The largest banner file (image or ZIP), in KB (1 KB = 1,024 bytes, as the panels show file sizes). */
  bannerMaxFileKb: 'banner_max_file_kb',
  /** The lowest maximum CPM and daily budget a campaign may set (major units, e.g. '1.00'). */
  campaignMinCpm: 'campaign_min_cpm',
  campaignMinDailyBudget: 'campaign_min_daily_budget',
  /** The platform's share of every gross amount an advertiser spends, in percent. */
  platformMarginPercent: 'platform_margin_percent',
  /** IANA time zone a new advertiser starts with. */
  defaultTimeZone: 'default_time_zone',
} as const;
export type ConfigKey = (typeof configKeys)[keyof typeof configKeys];

/** Avatar background colours, picked per user at creation. */
export const AVATAR_COLORS = [
  '#16a34a',
  '#0d9488',
  '#2563eb',
  '#7c3aed',
  '#db2777',
  '#ea580c',
  '#ca8a04',
  '#475569',
];
export function avatarColorFor(seed: string): string {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[h % AVATAR_COLORS.length] as string;
}

/** A Date as the API writes it: UTC `YYYY-MM-DD HH:mm:ss`. */
export function toApiDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
