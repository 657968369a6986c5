import { z } from 'zod';
import { accountKinds, userTypes } from '../enums';
import { apiDateTime, envelope } from './common';

export const roleRef = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

const profileBase = {
  id: z.number().int(),
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
  locale: z.string(),
  user: z.object({ id: z.number().int(), login: z.string(), enabled: z.boolean() }),
  role: roleRef,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarColor: z.string(),
  avatarInitials: z.string(),
};

export const adminUserDto = z.object(profileBase);
export type AdminUserDto = z.infer<typeof adminUserDto>;

export const agencyUserDto = z.object({
  ...profileBase,
  type: z.enum(userTypes),
  agencyId: z.number().int(),
  agency: z.object({ id: z.number().int(), name: z.string() }),
});
export type AgencyUserDto = z.infer<typeof agencyUserDto>;

export const advertiserUserDto = z.object({
  ...profileBase,
  type: z.enum(userTypes),
  advertiserId: z.number().int(),
  advertiser: z.object({ id: z.number().int(), name: z.string(), agencyId: z.number().int().nullable() }),
});
export type AdvertiserUserDto = z.infer<typeof advertiserUserDto>;

/** The signed-in account with its one profile (spec section 3, 'Service user model'). */
export const meDto = z.object({
  id: z.number().int(),
  createdAt: apiDateTime,
  updatedAt: apiDateTime,
  login: z.string(),
  enabled: z.boolean(),
  emailVerified: z.boolean(),
  locale: z.string(),
  hasSourceUser: z.boolean(),
  hasPassword: z.boolean(),
  role: z.enum(accountKinds),
  localRole: z.string(),
  nameDisplay: z.string(),
  permissions: z.array(z.string()),
  adminUser: adminUserDto.nullable(),
  agencyUser: agencyUserDto.nullable(),
  advertiserUser: advertiserUserDto.nullable(),
});
export type MeDto = z.infer<typeof meDto>;

export const meResponse = envelope({ me: meDto });
export const meWithTokenResponse = envelope({ me: meDto, authToken: z.string() });

const name = z.string().trim().min(1).max(100);
const phone = z
  .string()
  .trim()
  .max(32)
  .regex(/^[+\d][\d\s()-]*$/, 'Enter a phone number with digits, spaces, brackets or dashes.')
  .or(z.literal(''))
  .nullable()
  .optional();

export const updateMeBody = z.object({
  firstName: name,
  lastName: name,
  phone,
  locale: z.string().trim().min(2).max(10),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

export const profileFields = { firstName: name, lastName: name, phone };

/** Enabling or disabling a user of any kind. */
export const userEnabledBody = z.object({ enabled: z.boolean() });
