import { z } from 'zod';
import { statusVerifications } from '../enums';
import { messages } from '../messages';
import { advertiserMessages } from './advertisers-messages';
import { timeZoneField } from './campaigns';
import { envelope, listOf, listQuery } from './common';
import {
  logStatusVerificationDto,
  optionalRefId,
  organisationBodyFields,
  organisationDtoFields,
  organisationRef,
  ownOrganisationBodyFields,
  percentField,
} from './organisations';

export const MAX_WEBSITE_LOCALES = 20;

/** An advertiser as the admin panel shows it (spec section 3, 'Advertiser'). */
export const advertiserDto = z.object({
  ...organisationDtoFields,
  code: z.string(),
  externalId: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  websiteLocales: z.array(z.string()),
  /** The commission percent with 2 decimals; the key is spelt as the spec (section 3) spells it. */
  comissionPercent: z.number(),
  /** Minor units the agency funded, apart from the advertiser's own balance. */
  balanceAgency: z.number().int(),
  agency: organisationRef.nullable(),
  hasAgency: z.boolean(),
  agencyPaidCampaigns: z.boolean(),
  /** IANA name: the advertiser's days and hours (schedules, daily budgets) count in it. */
  timeZone: z.string(),
  /** The admin's switch: this advertiser's creatives are approved without review. */
  creativesTrusted: z.boolean(),
});
export type AdvertiserDto = z.infer<typeof advertiserDto>;

export const advertiserSortFields = ['name', 'code', 'createdAt'] as const;
export type AdvertiserSortField = (typeof advertiserSortFields)[number];

export const advertisersQuery = listQuery(advertiserSortFields, 'name').extend({
  agencyId: z.coerce.number().int().positive().optional(),
  hasAgency: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  statusVerification: z.enum(statusVerifications).optional(),
});
export type AdvertisersQuery = z.infer<typeof advertisersQuery>;

export const advertisersResponse = envelope({ advertisers: listOf(advertiserDto) });
export const advertiserResponse = envelope({ advertiser: advertiserDto });
export const advertiserStatusResponse = envelope({
  advertiser: advertiserDto,
  logStatusVerification: logStatusVerificationDto,
});

/** Upper case, so that codes differing only in case cannot both exist. */
export const advertiserCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .max(40, advertiserMessages.codeFormat)
  .regex(/^([A-Z0-9][A-Z0-9_-]*)?$/, advertiserMessages.codeFormat);

/** An http(s) address, or nothing ('' clears it). */
export const websiteUrlField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() || null : value),
  z
    .url({ protocol: /^https?$/, message: messages.urlInvalid })
    .max(2048, messages.urlInvalid)
    .nullable(),
);

/** The languages of the advertiser's website (locale codes). */
export const websiteLocalesField = z
  .array(z.string().trim().min(2).max(10))
  .max(MAX_WEBSITE_LOCALES, advertiserMessages.tooManyLocales);

/**
 * Create and edit share one body; on edit, a field left out stays as it is. On create an empty
 * code is generated from the name, and a missing commission takes the platform default.
 */
export const advertiserBody = z.object({
  ...organisationBodyFields,
  code: advertiserCodeField.optional(),
  externalId: z
    .string()
    .trim()
    .max(100)
    .transform((value) => value || null)
    .nullable()
    .optional(),
  agencyId: optionalRefId.optional(),
  websiteUrl: websiteUrlField.optional(),
  websiteLocales: websiteLocalesField.optional(),
  comissionPercent: percentField.optional(),
  agencyPaidCampaigns: z.boolean().optional(),
  /** On create, the config value `default_time_zone` when left out. */
  timeZone: timeZoneField.optional(),
  /** Admins only; turning it on approves the advertiser's pending creatives as well. */
  creativesTrusted: z.boolean().optional(),
});
export type AdvertiserBody = z.infer<typeof advertiserBody>;

/**
 * `PUT /api/advertiser/advertisers/me`: what the advertiser's own users may change: name, phone,
 * website, time zone and billing data (no mass assignment).
 */
export const ownAdvertiserBody = z.object({
  ...ownOrganisationBodyFields,
  websiteUrl: websiteUrlField.optional(),
  websiteLocales: websiteLocalesField.optional(),
  timeZone: timeZoneField.optional(),
});
export type OwnAdvertiserBody = z.infer<typeof ownAdvertiserBody>;
