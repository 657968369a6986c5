import { randomBytes } from 'node:crypto';
import { hashPassword } from '@rtb/db';
import {
  avatarColorFor,
  configKeys,
  DEFAULT_LOCALE,
  LOCAL_ADMIN_ROLE,
  messages,
  type RegisterAdvertiserBody,
  type RegisterAgencyBody,
} from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { type FieldErrors, invalid } from '../../core/errors';
import { type Actor, recordActivity } from '../activity-logs/service';
import { sendActivationEmail } from '../auth/activation';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { enforceLimits } from '../auth/rate-limits';
import { findAccountByLogin, findProfileNames } from '../auth/repository';
import type { ClientInfo } from '../auth/session';
import { queueEmail } from '../emails/queue';
import { isEnabledLocale } from '../me/repository';
import { advertiserCodeTaken, insertAdvertiser, insertAgency } from '../organisations/repository';
import { isEnabledEntry } from '../reference/repository';
import { findRoleId, insertAccount, insertAdvertiserUser, insertAgencyUser } from '../users/repository';

export type Registration =
  | { kind: 'agency'; body: RegisterAgencyBody }
  | { kind: 'advertiser'; body: RegisterAdvertiserBody };

/** Checks the request before anything is written; field errors come together. */
async function validate(deps: AppDeps, { body }: Registration): Promise<string> {
  const errors: FieldErrors = {};
  if (!(await isEnabledEntry(deps.db, 'countries', body.countryId)))
    errors.countryId = [messages.unknownCountry];
  if (!(await isEnabledEntry(deps.db, 'currencies', body.currencyId)))
    errors.currencyId = [messages.unknownCurrency];
  if (Object.keys(errors).length) throw invalid(errors);
  assertPasswordNotCommon(body.password);
  return body.locale && (await isEnabledLocale(deps.db, body.locale)) ? body.locale : DEFAULT_LOCALE;
}

/** A short, unique, readable advertiser code: `DEMO-SHOP-3F2A`. */
async function advertiserCode(deps: AppDeps, name: string): Promise<string> {
  const stem =
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toUpperCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 20) || 'ADVERTISER';
  for (;;) {
    const code = `${stem}-${randomBytes(2).toString('hex').toUpperCase()}`;
    if (!(await advertiserCodeTaken(deps.db, code))) return code;
  }
}

/**
 * Creates the organisation and its first user (local role admin), unverified until the mailed
 * link is followed. An address that already has an account gets a mail saying so instead,
 * and the caller sees the same answer either way (no account enumeration).
 */
export async function register(
  deps: AppDeps,
  registration: Registration,
  client: ClientInfo,
  actorFor: (accountId: number) => Actor,
): Promise<void> {
  await enforceLimits(deps, [['registerPerIp', client.ip ?? 'unknown']]);
  const locale = await validate(deps, registration);
  const { kind, body } = registration;

  const existing = await findAccountByLogin(deps.db, body.email);
  if (existing) {
    const names = await findProfileNames(deps.db, existing.id);
    await queueEmail(deps, {
      to: existing.login,
      accountId: existing.id,
      templateKey: 'account-exists',
      locale: existing.locale,
      vars: { firstName: names.firstName, link: `${deps.config.publicUrl}/account/${existing.kind}/login` },
    });
    return;
  }

  const billing = {
    name: body.name,
    countryId: body.countryId,
    currencyId: body.currencyId,
    phone: body.phone || null,
  };
  const account = await insertAccount(deps.db, {
    login: body.email,
    kind,
    passwordHash: await hashPassword(body.password),
    locale,
  });
  const profile = {
    accountId: account.id,
    roleId: await findRoleId(deps.db, kind, LOCAL_ADMIN_ROLE),
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone || null,
    avatarColor: avatarColorFor(body.email),
  };
  const actor = actorFor(account.id);

  if (registration.kind === 'agency') {
    const agency = await insertAgency(deps.db, billing);
    const user = await insertAgencyUser(deps.db, { ...profile, agencyId: agency.id, type: 'default' });
    await recordActivity(deps, actor, [
      { event: 'created', entityType: 'agency', entityId: agency.id, agencyId: agency.id, after: agency },
      { event: 'created', entityType: 'agency_user', entityId: user.id, agencyId: agency.id, after: user },
    ]);
  } else {
    const advertiser = await insertAdvertiser(deps.db, {
      ...billing,
      code: await advertiserCode(deps, body.name),
      websiteUrl: registration.body.websiteUrl,
      websiteLocales: [locale],
      commissionPercent: String(await deps.settings.get(deps.db, configKeys.defaultCommissionPercent)),
    });
    const user = await insertAdvertiserUser(deps.db, {
      ...profile,
      advertiserId: advertiser.id,
      type: 'default',
    });
    await recordActivity(deps, actor, [
      {
        event: 'created',
        entityType: 'advertiser',
        entityId: advertiser.id,
        advertiserId: advertiser.id,
        after: advertiser,
      },
      {
        event: 'created',
        entityType: 'advertiser_user',
        entityId: user.id,
        advertiserId: advertiser.id,
        after: user,
      },
    ]);
  }
  await sendActivationEmail(deps, account);
}
