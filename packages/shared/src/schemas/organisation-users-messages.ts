/**
 * Texts of the agency-users and advertiser-users endpoints (the web app translates them in its
 * organisation-users namespace).
 */
export const organisationUserMessages = {
  emailTaken: 'This e-mail address already has an account.',
  unknownRole: 'Choose a role from the list.',
  unknownAgency: 'Choose an existing agency.',
  unknownAdvertiser: 'Choose an existing advertiser.',
  lastAdmin: 'The organisation must keep at least one enabled default user with the administrator role.',
  alreadyVerified: 'This user has already activated their account.',
  accountDisabled: 'This account is disabled. Enable it first.',
  loginAsDisabled: 'This user is disabled, so you cannot log in as them.',
  loginAsNotActivated: 'This user has not activated their account yet, so you cannot log in as them.',
  noUserToLogInAs:
    'This organisation has no enabled, activated default user with the administrator role to log in as.',
  selfDisable: 'You cannot disable your own account.',
  selfRoleChange: 'You cannot change your own role.',
  selfTypeChange: 'You cannot change your own user type.',
} as const;
