import { z } from 'zod';
import { statusVerifications } from '../enums';
import { advertiserBody, advertiserDto, advertiserSortFields } from './advertisers';
import { emailField } from './auth';
import { envelope, listQuery } from './common';
import { advertiserUserEntry } from './organisation-users';
import { profileFields } from './users';

/**
 * What an agency may set on its own advertisers: name, website, commission (within its limit),
 * agency-paid campaigns, time zone and billing data. The agency comes from the session; the code (generated,
 * unique on the platform), the external id (the platform's CRM reference), the credit limit and
 * its use, the verification status and the creatives-trusted switch are set by admins only.
 */
export const agencyAdvertiserBody = advertiserBody.pick({
  name: true,
  currencyId: true,
  countryId: true,
  taxId: true,
  taxAddress: true,
  taxEmail: true,
  phone: true,
  websiteUrl: true,
  websiteLocales: true,
  comissionPercent: true,
  agencyPaidCampaigns: true,
  timeZone: true,
});
export type AgencyAdvertiserBody = z.infer<typeof agencyAdvertiserBody>;

/**
 * The advertiser's first user, created with it (an administrator of the advertiser, who gets an
 * activation e-mail). Flat field names, so that each error lands on its own form field (spec
 * section 5 keeps only the first part of a dotted key).
 */
export const firstAdvertiserUserFields = {
  userEmail: emailField,
  userFirstName: profileFields.firstName,
  userLastName: profileFields.lastName,
  userPhone: profileFields.phone,
  userLocale: z.string().trim().min(2).max(10).optional(),
};

export const createAgencyAdvertiserBody = agencyAdvertiserBody.extend(firstAdvertiserUserFields);
export type CreateAgencyAdvertiserBody = z.infer<typeof createAgencyAdvertiserBody>;

/** The agency's advertisers: search, sort and a verification status filter (its own agency only). */
export const agencyAdvertisersQuery = listQuery(advertiserSortFields, 'name').extend({
  statusVerification: z.enum(statusVerifications).optional(),
});
export type AgencyAdvertisersQuery = z.infer<typeof agencyAdvertisersQuery>;

/** A new advertiser and its first user. */
export const agencyAdvertiserCreatedResponse = envelope({
  advertiser: advertiserDto,
  advertiserUser: advertiserUserEntry,
});
