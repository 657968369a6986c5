import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { messages } from '../messages';
import { envelope } from './common';
import { profileFields } from './users';

export const loginField = z.string().trim().toLowerCase().min(1).max(254);
export const emailField = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** The shape rule; the server also refuses common passwords. */
export const passwordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `The password may have at most ${PASSWORD_MAX_LENGTH} characters.`);

const passwordsMatch = (v: { password?: string; passwordConfirmation?: string }) =>
  v.password === undefined || v.password === v.passwordConfirmation;
const confirmationError = { message: messages.passwordsDoNotMatch, path: ['passwordConfirmation'] };
const withConfirmation = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape).refine((v) => passwordsMatch(v as Parameters<typeof passwordsMatch>[0]), confirmationError);

export const loginBody = z.object({ login: loginField, password: z.string().min(1).max(1024) });
export type LoginBody = z.infer<typeof loginBody>;

export const passwordResetRequestBody = z.object({ login: loginField });
export const passwordResetTokenQuery = z.object({ token: z.string().min(1).max(200) });

export const setPasswordBody = withConfirmation({
  token: z.string().min(1).max(200),
  password: passwordField,
  passwordConfirmation: z.string(),
});
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

/** Activation sets a password only for accounts created without one (invited users). */
export const activateBody = z
  .object({
    token: z.string().min(1).max(200),
    password: passwordField.optional(),
    passwordConfirmation: z.string().optional(),
  })
  .refine(passwordsMatch, confirmationError);
export type ActivateBody = z.infer<typeof activateBody>;

export const changePasswordBody = withConfirmation({
  currentPassword: z.string().min(1).max(1024),
  password: passwordField,
  passwordConfirmation: z.string(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

const registrationShape = {
  name: z.string().trim().min(2).max(200),
  countryId: z.coerce.number().int().positive(),
  currencyId: z.coerce.number().int().positive(),
  ...profileFields,
  email: emailField,
  password: passwordField,
  passwordConfirmation: z.string(),
  locale: z.string().trim().min(2).max(10).optional(),
};

export const registerAgencyBody = withConfirmation(registrationShape);
export type RegisterAgencyBody = z.infer<typeof registerAgencyBody>;

export const registerAdvertiserBody = withConfirmation({
  ...registrationShape,
  websiteUrl: z.url({ protocol: /^https?$/, message: messages.urlInvalid }).max(2048),
});
export type RegisterAdvertiserBody = z.infer<typeof registerAdvertiserBody>;

export const passwordResetUserResponse = envelope({
  user: z.object({ login: z.string(), firstName: z.string(), lastName: z.string() }),
});
