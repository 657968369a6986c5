import { z } from 'zod';
import { statusVerifications } from '../enums';
import { envelope, listOf, listQuery } from './common';
import {
  logStatusVerificationDto,
  organisationBodyFields,
  organisationDtoFields,
  ownOrganisationBodyFields,
  percentField,
} from './organisations';

/** An agency as the admin panel shows it (spec section 3, 'Agency'). */
export const agencyDto = z.object({
  ...organisationDtoFields,
  /** The highest commission percent its advertisers may have, with 2 decimals. */
  commissionPercentLimit: z.number(),
  /** How many advertisers the agency has. */
  advertisersCount: z.number().int(),
});
export type AgencyDto = z.infer<typeof agencyDto>;

export const agencySortFields = ['name', 'createdAt', 'statusVerification'] as const;
export type AgencySortField = (typeof agencySortFields)[number];

export const agenciesQuery = listQuery(agencySortFields, 'name').extend({
  statusVerification: z.enum(statusVerifications).optional(),
  countryId: z.coerce.number().int().positive().optional(),
  currencyId: z.coerce.number().int().positive().optional(),
});
export type AgenciesQuery = z.infer<typeof agenciesQuery>;

export const agenciesResponse = envelope({ agencies: listOf(agencyDto) });
export const agencyResponse = envelope({ agency: agencyDto });
export const agencyStatusResponse = envelope({
  agency: agencyDto,
  logStatusVerification: logStatusVerificationDto,
});

/** Create and edit share one body; on edit, a field left out stays as it is. */
export const agencyBody = z.object({
  ...organisationBodyFields,
  commissionPercentLimit: percentField.optional(),
});
export type AgencyBody = z.infer<typeof agencyBody>;

/** `PUT /api/agency/agencies/me`: what the agency's own users may change (no mass assignment). */
export const ownAgencyBody = z.object(ownOrganisationBodyFields);
export type OwnAgencyBody = z.infer<typeof ownAgencyBody>;
