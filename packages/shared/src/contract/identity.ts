import { accountKinds } from '../enums';
import {
  activateBody,
  changePasswordBody,
  loginBody,
  passwordResetRequestBody,
  passwordResetTokenQuery,
  passwordResetUserResponse,
  registerAdvertiserBody,
  registerAgencyBody,
  setPasswordBody,
} from '../schemas/auth';
import { statusBody } from '../schemas/common';
import { downloadLinkBody, downloadLinkResponse } from '../schemas/download-links';
import { reportEmailSettingsBody, reportEmailSettingsResponse } from '../schemas/report-emails';
import {
  createRoleBody,
  permissionsQuery,
  permissionsResponse,
  roleResponse,
  rolesQuery,
  rolesResponse,
  updateRoleBody,
} from '../schemas/roles';
import { meResponse, meWithTokenResponse, updateMeBody } from '../schemas/users';
import { route } from './route';

/** Sessions, passwords, activation and sign-up (`identity/auth`, `organisations/registration`). */
export const auth = {
  login: route('POST', '/:panel/auth/token', {
    panels: accountKinds,
    body: loginBody,
    response: meWithTokenResponse,
  }),
  logout: route('DELETE', '/:panel/auth/token', { panels: accountKinds, response: statusBody }),
  /** Whoever the token is: `GET /api/auth`. */
  profile: route('GET', '/auth', { response: meResponse }),
  requestPasswordReset: route('DELETE', '/:panel/auth/password', {
    panels: accountKinds,
    body: passwordResetRequestBody,
    response: statusBody,
  }),
  passwordResetUser: route('GET', '/:panel/auth/password-reset-token', {
    panels: accountKinds,
    query: passwordResetTokenQuery,
    response: passwordResetUserResponse,
  }),
  setPassword: route('POST', '/:panel/auth/password', {
    panels: accountKinds,
    body: setPasswordBody,
    response: meWithTokenResponse,
  }),
  activate: route('POST', '/:panel/auth/activate', {
    panels: accountKinds,
    body: activateBody,
    response: meWithTokenResponse,
  }),
  registerAgency: route('POST', '/agency/auth/register', { body: registerAgencyBody, response: statusBody }),
  registerAdvertiser: route('POST', '/advertiser/auth/register', {
    body: registerAdvertiserBody,
    response: statusBody,
  }),
  resendVerificationEmail: route('POST', '/user/auth/resend-verification-email/:id', {
    response: statusBody,
  }),
};

/** The signed-in user's own profile (`identity/me`, `notifications/report-emails`). */
export const me = {
  profile: route('GET', '/:panel/me', { panels: accountKinds, response: meResponse }),
  update: route('PUT', '/:panel/me', { panels: accountKinds, body: updateMeBody, response: meResponse }),
  changePassword: route('POST', '/:panel/me/password', {
    panels: accountKinds,
    body: changePasswordBody,
    response: meResponse,
  }),
  reportEmails: route('GET', '/advertiser/me/report-emails', { response: reportEmailSettingsResponse }),
  setReportEmails: route('PUT', '/advertiser/me/report-emails', {
    body: reportEmailSettingsBody,
    response: reportEmailSettingsResponse,
  }),
};

/** Roles and the permission catalogue (`identity/roles`). */
export const roles = {
  list: route('GET', '/admin/roles', { query: rolesQuery, response: rolesResponse }),
  create: route('POST', '/admin/roles', { body: createRoleBody, response: roleResponse }),
  update: route('PUT', '/admin/roles/:id', { body: updateRoleBody, response: roleResponse }),
  remove: route('DELETE', '/admin/roles/:id', { response: statusBody }),
  permissions: route('GET', '/admin/permissions', { query: permissionsQuery, response: permissionsResponse }),
};

/** A one-use link to a file of the API, opened in a new tab (`identity/download-links`). */
export const downloadLinks = {
  create: route('POST', '/:panel/download-links', {
    panels: accountKinds,
    body: downloadLinkBody,
    response: downloadLinkResponse,
  }),
};
