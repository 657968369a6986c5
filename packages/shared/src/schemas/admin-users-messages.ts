/** Texts of the admin-users endpoints (the web app translates them in its admin-users namespace). */
export const adminUserMessages = {
  emailTaken: 'This e-mail address already has an account.',
  unknownRole: 'Choose a role from the list.',
  cannotDisableSelf: 'You cannot disable your own account.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  lastAdmin: 'The platform must keep at least one enabled administrator.',
  alreadyVerified: 'This user has already activated their account.',
  accountDisabled: 'This account is disabled. Enable it first.',
} as const;
