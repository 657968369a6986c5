import { LOCAL_ADMIN_ROLE, type RegisterAdvertiserBody, type RegisterAgencyBody } from '@rtb/shared';
import type { ClientInfo } from '../../../core/client-info';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { enforceLimits } from '../../../core/rate-limits';
import {
  assertPasswordNotCommon,
  createUser,
  findAccountByLogin,
  findProfileNames,
  sendActivationEmail,
} from '../../identity';
import {
  type Actor,
  assertEnabledCountryAndCurrency,
  enabledLocaleOr,
  queueEmail,
  recordActivity,
} from '../../platform';
import { createAdvertiser, createAgency } from '../organisations/service';
import { acceptCurrentRegulations } from '../regulations/accept-regulations';

export type Registration =
  | { kind: 'agency'; body: RegisterAgencyBody }
  | { kind: 'advertiser'; body: RegisterAdvertiserBody };

/** Tells the owner of an address that already has an account, instead of registering it again. */
async function mailExistingAccount(
  deps: AppDeps,
  account: NonNullable<Awaited<ReturnType<typeof findAccountByLogin>>>,
) {
  const names = await findProfileNames(deps.db, account.id);
  await queueEmail(deps, {
    to: account.login,
    accountId: account.id,
    templateKey: 'account-exists',
    locale: account.locale,
    vars: { firstName: names.firstName, link: `${deps.config.publicUrl}/account/${account.kind}/login` },
  });
}

/** The same address registered twice at once: the other request created the account. */
const isLoginTaken = (err: unknown): boolean => {
  const e = err as { code?: string; constraint?: string; cause?: unknown };
  return (
    (e?.code === '23505' && e.constraint === 'accounts_login_unique') ||
    (e?.cause !== undefined && isLoginTaken(e.cause))
  );
};

/**
 * Checks the form, then, after the reply, creates the organisation and its first user (local
 * role admin), unverified until the mailed link is followed. An address that already has an
 * account gets a mail saying so instead. The caller sees the same answer in the same time
 * either way (no account enumeration): nothing that depends on the address runs before the
 * reply. `deps` must not be a request's transaction (the job opens its own).
 */
export async function register(
  deps: AppDeps,
  registration: Registration,
  client: ClientInfo,
  actorFor: (accountId: number) => Actor,
): Promise<void> {
  await enforceLimits(deps, [['registerPerIp', client.ip ?? 'unknown']]);
  const { body } = registration;
  await assertEnabledCountryAndCurrency(deps, body);
  assertPasswordNotCommon(body.password);
  const locale = await enabledLocaleOr(deps, body.locale);
  deps.background.run('registration', async () => {
    try {
      await inTransaction(deps, (tx) => createRegistration(tx, registration, locale, actorFor));
    } catch (err) {
      if (!isLoginTaken(err)) throw err;
    }
  });
}

async function createRegistration(
  deps: AppDeps,
  registration: Registration,
  locale: string,
  actorFor: (accountId: number) => Actor,
): Promise<void> {
  const { body } = registration;
  const existing = await findAccountByLogin(deps.db, body.email);
  if (existing) return mailExistingAccount(deps, existing);

  const organisationValues = {
    name: body.name,
    countryId: body.countryId,
    currencyId: body.currencyId,
    phone: body.phone || null,
  };
  const user = {
    login: body.email,
    password: body.password,
    locale,
    roleSlug: LOCAL_ADMIN_ROLE,
    type: 'default' as const,
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone || null,
  };

  if (registration.kind === 'agency') {
    const agency = await createAgency(deps, organisationValues);
    const { account, profile } = await createUser(deps, { kind: 'agency', agencyId: agency.id }, user);
    await recordActivity(deps, actorFor(account.id), [
      { event: 'created', entityType: 'agency', entityId: agency.id, agencyId: agency.id, after: agency },
      {
        event: 'created',
        entityType: 'agency_user',
        entityId: profile.id,
        agencyId: agency.id,
        after: profile,
      },
    ]);
    await acceptCurrentRegulations(deps, { agencyId: agency.id }, actorFor(account.id));
    await sendActivationEmail(deps, account);
  } else {
    const advertiser = await createAdvertiser(deps, {
      ...organisationValues,
      websiteUrl: registration.body.websiteUrl,
      websiteLocales: [locale],
    });
    const { account, profile } = await createUser(
      deps,
      { kind: 'advertiser', advertiserId: advertiser.id },
      user,
    );
    const ids = { advertiserId: advertiser.id };
    await recordActivity(deps, actorFor(account.id), [
      { event: 'created', entityType: 'advertiser', entityId: advertiser.id, ...ids, after: advertiser },
      { event: 'created', entityType: 'advertiser_user', entityId: profile.id, ...ids, after: profile },
    ]);
    await acceptCurrentRegulations(deps, ids, actorFor(account.id));
    await sendActivationEmail(deps, account);
  }
}
