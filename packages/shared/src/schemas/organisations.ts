import { z } from 'zod';
import { statusVerifications } from '../enums';
import { apiDateTime, envelope, listOf, pageQuery } from './common';
import { organisationMessages } from './organisations-messages';

// --- What the API shows ---------------------------------------------------------------------

export const currencyRef = z.object({
  id: z.number().int(),
  code: z.string(),
  isoCode: z.string(),
  symbol: z.string(),
});
export type CurrencyRef = z.infer<typeof currencyRef>;

export const countryRef = z.object({
  id: z.number().int(),
  code: z.string(),
  isoCode: z.string(),
  name: z.string(),
});
export type CountryRef = z.infer<typeof countryRef>;

export const organisationRef = z.object({ id: z.number().int(), name: z.string() });
export type OrganisationRef = z.infer<typeof organisationRef>;

/** Billing data an agency needs before it is complete (spec section 3, 'Agency'). */
export const agencyBillingFields = ['taxId', 'taxAddress', 'taxEmail', 'country', 'currency'] as const;
/** An advertiser also needs its website and at least one website locale (spec section 3). */
export const advertiserBillingFields = [...agencyBillingFields, 'websiteUrl', 'websiteLocales'] as const;
export type BillingField = (typeof advertiserBillingFields)[number];

export interface BillingData {
  taxId: string | null;
  taxAddress: string | null;
  taxEmail: string | null;
  country: unknown | null;
  currency: unknown | null;
  websiteUrl?: string | null;
  websiteLocales?: readonly string[];
}

const isSet: Record<BillingField, (data: BillingData) => boolean> = {
  taxId: (d) => Boolean(d.taxId?.trim()),
  taxAddress: (d) => Boolean(d.taxAddress?.trim()),
  taxEmail: (d) => Boolean(d.taxEmail?.trim()),
  country: (d) => d.country !== null && d.country !== undefined,
  currency: (d) => d.currency !== null && d.currency !== undefined,
  websiteUrl: (d) => Boolean(d.websiteUrl?.trim()),
  websiteLocales: (d) => (d.websiteLocales?.length ?? 0) > 0,
};

/**
 * Whether an organisation's billing data is complete, and which fields are missing: the one
 * rule the API and the web app share.
 */
export function billingStateOf(
  kind: 'agency' | 'advertiser',
  data: BillingData,
): { billingComplete: boolean; billingMissing: BillingField[] } {
  const fields = kind === 'agency' ? agencyBillingFields : advertiserBillingFields;
  const billingMissing = fields.filter((field) => !isSet[field](data));
  return { billingComplete: billingMissing.length === 0, billingMissing };
}

/**
 * Credit in use and credit still available, in minor units. Credit is in use while the balance
 * is below zero, and only when the organisation may use its credit limit; what is available
 * is the limit minus the used value.
 */
export function creditOf(money: { balance: number; creditLimit: number; useCreditLimit: boolean }): {
  creditValue: number;
  availableCredit: number;
} {
  if (!money.useCreditLimit) return { creditValue: 0, availableCredit: 0 };
  const creditValue = Math.max(0, -money.balance);
  return { creditValue, availableCredit: Math.max(0, money.creditLimit - creditValue) };
}

/** The fields agencies and advertisers share in the API's answers (spec section 3). */
export const organisationDtoFields = {
  id: z.number().int(),
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
  name: z.string(),
  currency: currencyRef.nullable(),
  country: countryRef.nullable(),
  taxId: z.string().nullable(),
  taxAddress: z.string().nullable(),
  taxEmail: z.string().nullable(),
  phone: z.string().nullable(),
  statusVerification: z.enum(statusVerifications),
  /** Minor units of the organisation's currency. */
  balance: z.number().int(),
  creditLimit: z.number().int(),
  /** Credit in use: how far the balance is below zero, when the credit limit is used. */
  creditValue: z.number().int(),
  /** The credit limit minus the credit in use. */
  availableCredit: z.number().int(),
  useCreditLimit: z.boolean(),
  hasRegulationAccepted: z.boolean(),
  stripeId: z.string().nullable(),
  billingComplete: z.boolean(),
  billingMissing: z.array(z.enum(advertiserBillingFields)),
};

// --- What the forms send --------------------------------------------------------------------

/** A reference id from a select: '' or null clears it. */
export const optionalRefId = z.preprocess(
  (value) => (value === '' ? null : value),
  z.coerce.number().int().positive().nullable(),
);

/** Blank text is stored as no value. */
const emptyToNull = (value: string) => (value === '' ? null : value);

const optionalText = (max: number) => z.string().trim().max(max).transform(emptyToNull).nullable();

export const taxEmailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, organisationMessages.taxEmail)
  .refine((value) => value === '' || z.email().safeParse(value).success, organisationMessages.taxEmail)
  .transform(emptyToNull)
  .nullable();

export const organisationPhoneField = z
  .string()
  .trim()
  .max(32)
  .regex(/^([+\d][\d\s()-]*)?$/, 'Enter a phone number with digits, spaces, brackets or dashes.')
  .transform(emptyToNull)
  .nullable();

/**
 * A decimal as typed in either language: a Polish decimal comma, spaces (also no-break ones)
 * between thousands: '1 234,5' is '1234.5'. A number becomes its text; anything else stays.
 */
export function decimalInput(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return value;
  return value.replace(/[\s\u00a0\u202f]/g, '').replace(/^(-?\d*),(\d*)$/, '$1.$2');
}

/** A percentage from 0 to 100 with up to 2 decimals, as a number or a numeric string. */
export const percentField = z.preprocess(
  decimalInput,
  z
    .string({ error: organisationMessages.percent })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, organisationMessages.percent)
    .refine((value) => Number(value) <= 100, organisationMessages.percent)
    .transform(Number),
);

/** Money in integer minor units, 0 or more. */
export const minorUnitsField = z
  .number({ error: organisationMessages.minorUnits })
  .int(organisationMessages.minorUnits)
  .min(0, organisationMessages.minorUnits)
  .max(Number.MAX_SAFE_INTEGER, organisationMessages.minorUnits);

/** '1234.5' as minor units (123450), without a detour through floating point. */
export function toMinorUnits(amount: string): number {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Minor units as the text a form shows: 123450 as '1234.50'. */
export function fromMinorUnits(minorUnits: number): string {
  return (minorUnits / 100).toFixed(2);
}

/**
 * A form's amount in major units ('1000.00', up to 2 decimals), given to the API as minor units
 * (the API itself takes minor units only).
 */
export const amountField = z.preprocess(
  decimalInput,
  z
    .string({ error: organisationMessages.amount })
    .trim()
    .regex(/^\d{1,13}(\.\d{1,2})?$/, organisationMessages.amount)
    .transform(toMinorUnits),
);

/**
 * The billing data of spec section 3's rule: what an organisation's own users may set too
 * (`me/billing-info`). Every field is optional: a field left out stays as it is.
 */
export const billingInformationFields = {
  currencyId: optionalRefId.optional(),
  countryId: optionalRefId.optional(),
  taxId: optionalText(64).optional(),
  taxAddress: optionalText(500).optional(),
  taxEmail: taxEmailField.optional(),
};

export const organisationNameField = z.string().trim().min(2).max(200);

/**
 * Billing fields both bodies have. Every field is optional: on create a missing one takes its
 * default, on update it stays as it is. Balance and verification status are not among them:
 * money moves through the ledger, the status through its own endpoint.
 */
export const organisationBodyFields = {
  name: organisationNameField,
  ...billingInformationFields,
  phone: organisationPhoneField.optional(),
  creditLimit: minorUnitsField.optional(),
  useCreditLimit: z.boolean().optional(),
};

/**
 * What an organisation's own users may change of it: its name, phone and billing data. Credit,
 * commission, agency, code, verification status and payment id are the admins' (an advertiser's
 * commission and agency also its agency's): a body naming them has them ignored.
 */
export const ownOrganisationBodyFields = {
  name: organisationNameField.optional(),
  phone: organisationPhoneField.optional(),
  ...billingInformationFields,
};

// --- Billing information (`me/billing-info`) -------------------------------------------------

export const billingInformationBody = z.object(billingInformationFields);
export type BillingInformationBody = z.infer<typeof billingInformationBody>;

/** The organisation's billing data with spec section 3's rule applied. */
export const billingInformationDto = z.object({
  currency: currencyRef.nullable(),
  country: countryRef.nullable(),
  taxId: z.string().nullable(),
  taxAddress: z.string().nullable(),
  taxEmail: z.string().nullable(),
  /** Money has moved in the organisation's ledger: its currency cannot change any more. */
  currencyLocked: z.boolean(),
  billingComplete: z.boolean(),
  billingMissing: z.array(z.enum(advertiserBillingFields)),
});
export type BillingInformationDto = z.infer<typeof billingInformationDto>;

export const billingInformationResponse = envelope({ billingInformation: billingInformationDto });

// --- Verification status --------------------------------------------------------------------

export const statusVerificationBody = z.object({
  statusVerification: z.enum(statusVerifications),
  comment: z.string().trim().max(1000).optional(),
});
export type StatusVerificationBody = z.infer<typeof statusVerificationBody>;

/** One change of a verification status: from what to what, when, by whom, and why. */
export const logStatusVerificationDto = z.object({
  id: z.number().int(),
  createdAt: apiDateTime,
  agency: organisationRef.nullable(),
  advertiser: organisationRef.nullable(),
  statusFrom: z.enum(statusVerifications),
  statusTo: z.enum(statusVerifications),
  comment: z.string().nullable(),
  changedBy: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});
export type LogStatusVerificationDto = z.infer<typeof logStatusVerificationDto>;

/** The history of one organisation, newest first. */
export const statusHistoryQuery = pageQuery;
export type StatusHistoryQuery = z.infer<typeof statusHistoryQuery>;

/** Every change of every organisation, newest first, optionally of one agency or advertiser. */
export const logStatusVerificationsQuery = pageQuery.extend({
  agencyId: z.coerce.number().int().positive().optional(),
  advertiserId: z.coerce.number().int().positive().optional(),
});
export type LogStatusVerificationsQuery = z.infer<typeof logStatusVerificationsQuery>;

export const logStatusVerificationsResponse = envelope({
  logStatusVerifications: listOf(logStatusVerificationDto),
});
