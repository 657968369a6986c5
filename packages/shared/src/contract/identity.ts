import { accountKinds } from '../enums';
import {
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
  createAdminUserBody,
  updateAdminUserBody,
  userPasswordResetResponse,
} from '../schemas/admin-users';
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
import {
  advertiserUserResponse,
  advertiserUsersQuery,
  advertiserUsersResponse,
  agencyUserResponse,
  agencyUsersQuery,
  agencyUsersResponse,
  createAdvertiserUserBody,
  createAgencyUserBody,
  inviteTeamUserBody,
  teamUsersQuery,
  updateOrganisationUserBody,
} from '../schemas/organisation-users';
import {
  alertDigestSettingsBody,
  alertDigestSettingsResponse,
  reportEmailSettingsBody,
  reportEmailSettingsResponse,
} from '../schemas/report-emails';
import {
  createRoleBody,
  permissionsQuery,
  permissionsResponse,
  roleResponse,
  rolesQuery,
  rolesResponse,
  updateRoleBody,
} from '../schemas/roles';
import { meResponse, meWithTokenResponse, updateMeBody, userEnabledBody } from '../schemas/users';
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

/** The signed-in user's own profile (`identity/me`, `notifications/report-emails`, `notifications/alert-digests`). */
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
  alertDigest: route('GET', '/:panel/me/alert-digest', {
    panels: ['agency', 'advertiser'],
    response: alertDigestSettingsResponse,
  }),
  setAlertDigest: route('PUT', '/:panel/me/alert-digest', {
    panels: ['agency', 'advertiser'],
    body: alertDigestSettingsBody,
    response: alertDigestSettingsResponse,
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

/*
 * Admin, agency and advertiser users (`identity/users`), under the same names for each kind and
 * each at `/:panel/...` with the panels that mount it, so that a call picks its kind's route and
 * passes the panel it is in. A panel's own users (the admin users, an agency's or an advertiser's
 * team) are its `team`, listed and invited with the team's schemas; `list` and `invite` are where
 * the panel picks the users' organisation (the admin's agency and advertiser users, the agency's
 * advertisers' users). An admin user's roles are `roles.list` with `category=admin`.
 */

const admin = ['admin'] as const;
const agency = ['agency'] as const;
const advertiser = ['advertiser'] as const;
const adminAndAgency = ['admin', 'agency'] as const;

/** The platform's admin users, in the admin panel. */
export const adminUsers = {
  team: route('GET', '/:panel/admin-users', {
    panels: admin,
    query: adminUsersQuery,
    response: adminUsersResponse,
  }),
  inviteToTeam: route('POST', '/:panel/admin-users', {
    panels: admin,
    body: createAdminUserBody,
    response: adminUserResponse,
  }),
  one: route('GET', '/:panel/admin-users/:id', { panels: admin, response: adminUserResponse }),
  update: route('PUT', '/:panel/admin-users/:id', {
    panels: admin,
    body: updateAdminUserBody,
    response: adminUserResponse,
  }),
  setEnabled: route('PUT', '/:panel/admin-users/:id/enabled', {
    panels: admin,
    body: userEnabledBody,
    response: adminUserResponse,
  }),
  resendActivation: route('POST', '/:panel/admin-users/:id/activation-email', {
    panels: admin,
    response: statusBody,
  }),
  sendPasswordReset: route('POST', '/:panel/admin-users/:id/password', {
    panels: admin,
    response: userPasswordResetResponse,
  }),
};

/** Agency users: every agency's in the admin panel, the agency's own team in its panel. */
export const agencyUsers = {
  team: route('GET', '/:panel/agency-users', {
    panels: agency,
    query: teamUsersQuery,
    response: agencyUsersResponse,
  }),
  inviteToTeam: route('POST', '/:panel/agency-users', {
    panels: agency,
    body: inviteTeamUserBody,
    response: agencyUserResponse,
  }),
  list: route('GET', '/:panel/agency-users', {
    panels: admin,
    query: agencyUsersQuery,
    response: agencyUsersResponse,
  }),
  invite: route('POST', '/:panel/agency-users', {
    panels: admin,
    body: createAgencyUserBody,
    response: agencyUserResponse,
  }),
  roles: route('GET', '/:panel/agency-users/roles', { panels: adminAndAgency, response: rolesResponse }),
  one: route('GET', '/:panel/agency-users/:id', { panels: adminAndAgency, response: agencyUserResponse }),
  update: route('PUT', '/:panel/agency-users/:id', {
    panels: adminAndAgency,
    body: updateOrganisationUserBody,
    response: agencyUserResponse,
  }),
  setEnabled: route('PUT', '/:panel/agency-users/:id/enabled', {
    panels: adminAndAgency,
    body: userEnabledBody,
    response: agencyUserResponse,
  }),
  resendActivation: route('POST', '/:panel/agency-users/:id/activation-email', {
    panels: adminAndAgency,
    response: statusBody,
  }),
  sendPasswordReset: route('POST', '/:panel/agency-users/:id/password', {
    panels: adminAndAgency,
    response: userPasswordResetResponse,
  }),
  /** Log in as the user, or as the agency's oldest active administrator. */
  logInAs: route('POST', '/:panel/agency-users/:id/auth', { panels: admin, response: meWithTokenResponse }),
  logInAsOrganisation: route('POST', '/:panel/agencies/:id/auth', {
    panels: admin,
    response: meWithTokenResponse,
  }),
};

/** Advertiser users: every advertiser's in the admin panel, the agency's advertisers', the advertiser's own team. */
export const advertiserUsers = {
  team: route('GET', '/:panel/advertiser-users', {
    panels: advertiser,
    query: teamUsersQuery,
    response: advertiserUsersResponse,
  }),
  inviteToTeam: route('POST', '/:panel/advertiser-users', {
    panels: advertiser,
    body: inviteTeamUserBody,
    response: advertiserUserResponse,
  }),
  list: route('GET', '/:panel/advertiser-users', {
    panels: adminAndAgency,
    query: advertiserUsersQuery,
    response: advertiserUsersResponse,
  }),
  invite: route('POST', '/:panel/advertiser-users', {
    panels: adminAndAgency,
    body: createAdvertiserUserBody,
    response: advertiserUserResponse,
  }),
  roles: route('GET', '/:panel/advertiser-users/roles', { panels: accountKinds, response: rolesResponse }),
  one: route('GET', '/:panel/advertiser-users/:id', {
    panels: accountKinds,
    response: advertiserUserResponse,
  }),
  update: route('PUT', '/:panel/advertiser-users/:id', {
    panels: accountKinds,
    body: updateOrganisationUserBody,
    response: advertiserUserResponse,
  }),
  setEnabled: route('PUT', '/:panel/advertiser-users/:id/enabled', {
    panels: accountKinds,
    body: userEnabledBody,
    response: advertiserUserResponse,
  }),
  resendActivation: route('POST', '/:panel/advertiser-users/:id/activation-email', {
    panels: accountKinds,
    response: statusBody,
  }),
  sendPasswordReset: route('POST', '/:panel/advertiser-users/:id/password', {
    panels: accountKinds,
    response: userPasswordResetResponse,
  }),
  /** Log in as the user, or as the advertiser's oldest active administrator. */
  logInAs: route('POST', '/:panel/advertiser-users/:id/auth', {
    panels: adminAndAgency,
    response: meWithTokenResponse,
  }),
  logInAsOrganisation: route('POST', '/:panel/advertisers/:id/auth', {
    panels: adminAndAgency,
    response: meWithTokenResponse,
  }),
};
