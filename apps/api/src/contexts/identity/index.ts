export { sendActivationEmail } from './auth/activation';
export { principalOfDownloadToken } from './auth/download-tokens';
export { assertPasswordNotCommon } from './auth/password-policy';
export { findPrincipal } from './auth/principal-repository';
export { findAccountById, findAccountByLogin, findProfileNames } from './auth/repository';
export type { Principal } from './auth/service';
export { hashToken } from './auth/tokens';
export { ownUserChange } from './me/own-user-change';
export { createUser, insertInvitedUser, invitationErrors } from './users/create-user';
export { enabledUsersOf } from './users/enabled-users';
export {
  accountRefOf,
  adminUserOf,
  findRoleId,
  loginOf,
  type OrganisationUserRef,
  organisationUserNameOf,
  organisationUserOf,
  organisationUsersOf,
  personNameOf,
  personOf,
  personRefOf,
  profileNameOf,
  searchAccounts,
} from './users/repository';
