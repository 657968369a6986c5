/** Enumerations shared by the API, the database and the web app (spec section 3). */
export const accountKinds = ['admin', 'agency', 'advertiser'] as const;
export type AccountKind = (typeof accountKinds)[number];

export const userTypes = ['default', 'service'] as const;
export type UserType = (typeof userTypes)[number];

export const statusVerifications = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type StatusVerification = (typeof statusVerifications)[number];

export const activityEvents = ['created', 'updated', 'deleted'] as const;
export type ActivityEvent = (typeof activityEvents)[number];

export const permissionModes = ['read', 'write'] as const;
export type PermissionMode = (typeof permissionModes)[number];

export const fileUploadTypes = ['image', 'video', 'document', 'misc'] as const;
export type FileUploadType = (typeof fileUploadTypes)[number];

export const commonStatuses = ['Processing', 'Error', 'Ok', 'Warning'] as const;
export type CommonStatus = (typeof commonStatuses)[number];

export const queuedEmailStatuses = ['pending', 'sent', 'failed'] as const;
export type QueuedEmailStatus = (typeof queuedEmailStatuses)[number];

export const configValueTypes = ['boolean', 'integer', 'decimal', 'string', 'email'] as const;
export type ConfigValueType = (typeof configValueTypes)[number];

/** Regulation documents a user may be asked to accept (the `:type` of /terms-of-service/:type). */
export const regulationTypes = ['terms-of-service', 'privacy-policy'] as const;
export type RegulationType = (typeof regulationTypes)[number];

/** What happened to a queued e-mail, as the notification log records it. */
export const notificationEvents = ['queued', 'sent', 'failed', 'retrying', 'resent'] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

/**
 * Ledger accounts of an organisation: its own balance, an advertiser's agency-funded balance, and
 * an agency's commission earned on its advertisers' spend.
 */
export const organisationAccountPurposes = ['balance', 'agency_balance', 'commission'] as const;
export type OrganisationAccountPurpose = (typeof organisationAccountPurposes)[number];

/**
 * The platform's counter accounts, one per currency: money coming in or going back out
 * (top-ups, refunds), earned (the margin on spend), owed to the exchanges for the media bought
 * (the clearing prices of spend) and corrected by hand. Every ledger transaction's entries sum to
 * zero, so each movement of an organisation's balance has its counter entry here.
 */
export const platformAccountPurposes = [
  'platform_funding',
  'platform_revenue',
  'platform_media',
  'platform_adjustment',
] as const;
export type PlatformAccountPurpose = (typeof platformAccountPurposes)[number];

export const ledgerAccountPurposes = [...organisationAccountPurposes, ...platformAccountPurposes] as const;
export type LedgerAccountPurpose = (typeof ledgerAccountPurposes)[number];

/** Where a support request (form contact) stands; admins move it along. */
export const formContactStatuses = ['new', 'in_progress', 'resolved'] as const;
export type FormContactStatus = (typeof formContactStatuses)[number];
/** What a ledger transaction is (the payments pages' operation type). */
export const ledgerTransactionTypes = [
  'manual_top_up',
  'online_top_up',
  'bank_transfer_top_up',
  'correction',
  'refund',
  'transfer',
  'spend',
  'credit_limit_change',
] as const;
export type LedgerTransactionType = (typeof ledgerTransactionTypes)[number];

/** The ledger transactions that are top-ups (listed in log-top-ups). */
export const topUpTypes = ['manual_top_up', 'online_top_up', 'bank_transfer_top_up'] as const;
export type TopUpType = (typeof topUpTypes)[number];

export const topUpRequestStatuses = ['pending', 'accepted', 'rejected'] as const;
export type TopUpRequestStatus = (typeof topUpRequestStatuses)[number];

/** An online (card) payment: waiting for the provider, paid (credited), expired or failed. */
export const onlinePaymentStatuses = ['pending', 'paid', 'expired', 'failed'] as const;
export type OnlinePaymentStatus = (typeof onlinePaymentStatuses)[number];

/** Every enumeration the panels may list, served by GET /api/enums. */
export const enums = {
  accountKinds,
  userTypes,
  statusVerifications,
  activityEvents,
  permissionModes,
  fileUploadTypes,
  commonStatuses,
  queuedEmailStatuses,
  configValueTypes,
  regulationTypes,
  notificationEvents,
  formContactStatuses,
  ledgerTransactionTypes,
  topUpRequestStatuses,
  onlinePaymentStatuses,
} as const;
