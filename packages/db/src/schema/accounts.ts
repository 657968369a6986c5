import { accountKinds, userTypes } from '@rtb/shared';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, timestamps } from './columns';
import { advertisers, agencies } from './organisations';
import { roles } from './roles';

/** One login. `kind` says which of the three profiles it has. */
export const accounts = pgTable('accounts', {
  id: id(),
  login: text('login').notNull().unique(),
  kind: text('kind', { enum: accountKinds }).notNull(),
  passwordHash: text('password_hash'),
  enabled: boolean('enabled').notNull().default(true),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  locale: text('locale').notNull().default('en'),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  ...timestamps(),
});

const profile = () => ({
  id: id(),
  accountId: ref('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  roleId: ref('role_id')
    .notNull()
    .references(() => roles.id),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  avatarColor: text('avatar_color').notNull(),
  ...timestamps(),
});

export const adminUsers = pgTable('admin_users', profile(), (t) => [
  uniqueIndex('admin_users_account_key').on(t.accountId),
]);

export const agencyUsers = pgTable(
  'agency_users',
  {
    ...profile(),
    type: text('type', { enum: userTypes }).notNull().default('default'),
    agencyId: ref('agency_id')
      .notNull()
      .references(() => agencies.id),
  },
  (t) => [
    uniqueIndex('agency_users_account_key').on(t.accountId),
    index('agency_users_agency_idx').on(t.agencyId),
  ],
);

export const advertiserUsers = pgTable(
  'advertiser_users',
  {
    ...profile(),
    type: text('type', { enum: userTypes }).notNull().default('default'),
    advertiserId: ref('advertiser_id')
      .notNull()
      .references(() => advertisers.id),
  },
  (t) => [
    uniqueIndex('advertiser_users_account_key').on(t.accountId),
    index('advertiser_users_advertiser_idx').on(t.advertiserId),
  ],
);

/** `download`: a short-lived link to one file download, made from a session token (its source). */
export const tokenPurposes = ['auth', 'password_reset', 'activation', 'download'] as const;
export type TokenPurpose = (typeof tokenPurposes)[number];

/**
 * Opaque bearer and one-time tokens, stored as SHA-256 hashes. A "log in as" token keeps
 * the token it was issued from in `source_token_id`, and so does a download link, which
 * works only for its `path`.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: tokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    sourceTokenId: ref('source_token_id'),
    /** A download link's API path (with its query string, without the token). */
    path: text('path'),
    createdIp: text('created_ip'),
    userAgent: text('user_agent'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamps().createdAt,
  },
  (t) => [index('auth_tokens_account_idx').on(t.accountId, t.purpose)],
);
