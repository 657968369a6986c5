import { avatarColorFor } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { hashPassword } from '../passwords';
import {
  accounts,
  adminUsers,
  advertisers,
  advertiserUsers,
  agencies,
  agencyUsers,
  countries,
  currencies,
  roles,
} from '../schema';
import { seedDemoFaqs } from './faqs';
import { acceptCurrentRegulationsForDemo } from './regulations';

export const demoAccounts = {
  admin: { login: 'admin@example.com', password: 'demo-admin-1' },
  agency: { login: 'agency@example.com', password: 'demo-agency-1' },
  advertiser: { login: 'advertiser@example.com', password: 'demo-advertiser-1' },
  solo: { login: 'solo@example.com', password: 'demo-advertiser-2' },
} as const;

/** The demo organisations and users of the README. Idempotent: existing logins are skipped. */
export async function seedDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const lookup = await referenceIds(tx);

    await ensureAccount(tx, 'admin', demoAccounts.admin, async (accountId) => {
      await tx.insert(adminUsers).values({
        accountId,
        roleId: lookup.role('admin'),
        firstName: 'Ada',
        lastName: 'Admin',
        avatarColor: avatarColorFor(demoAccounts.admin.login),
      });
    });

    const agencyId = await ensureOrganisation(tx, agencies, 'Demo Agency', {
      currencyId: lookup.currency('PLN'),
      countryId: lookup.country('PL'),
      taxId: 'PL5250001009',
      taxAddress: 'ul. Marszałkowska 1, 00-001 Warszawa',
      taxEmail: 'billing@demo-agency.example.com',
      phone: '+48 22 123 45 67',
      statusVerification: 'verified',
      commissionPercentLimit: '20.00',
    });
    await ensureAccount(tx, 'agency', demoAccounts.agency, async (accountId) => {
      await tx.insert(agencyUsers).values({
        accountId,
        agencyId,
        roleId: lookup.role('agency'),
        firstName: 'Adam',
        lastName: 'Agencki',
        avatarColor: avatarColorFor(demoAccounts.agency.login),
      });
    });

    const demoShopId = await ensureOrganisation(tx, advertisers, 'Demo Shop', {
      agencyId,
      code: 'DEMO-SHOP',
      currencyId: lookup.currency('PLN'),
      countryId: lookup.country('PL'),
      taxId: 'PL7010002137',
      taxAddress: 'ul. Prosta 20, 00-850 Warszawa',
      taxEmail: 'invoices@demo-shop.example.com',
      websiteUrl: 'https://demo-shop.example.com',
      websiteLocales: ['pl', 'en'],
      commissionPercent: '15.00',
      statusVerification: 'verified',
      timeZone: 'Europe/Warsaw',
    });
    await ensureAccount(tx, 'advertiser', demoAccounts.advertiser, async (accountId) => {
      await tx.insert(advertiserUsers).values({
        accountId,
        advertiserId: demoShopId,
        roleId: lookup.role('advertiser'),
        firstName: 'Dorota',
        lastName: 'Sklepowa',
        avatarColor: avatarColorFor(demoAccounts.advertiser.login),
      });
    });

    const soloId = await ensureOrganisation(tx, advertisers, 'Solo Store', {
      code: 'SOLO-STORE',
      currencyId: lookup.currency('EUR'),
      countryId: lookup.country('DE'),
      taxId: 'DE811907980',
      taxAddress: 'Friedrichstraße 10, 10117 Berlin',
      taxEmail: 'billing@solo-store.example.com',
      websiteUrl: 'https://solo-store.example.com',
      websiteLocales: ['en'],
      commissionPercent: '15.00',
      statusVerification: 'verified',
    });
    await ensureAccount(tx, 'advertiser', demoAccounts.solo, async (accountId) => {
      await tx.insert(advertiserUsers).values({
        accountId,
        advertiserId: soloId,
        roleId: lookup.role('advertiser'),
        firstName: 'Sol',
        lastName: 'Storer',
        avatarColor: avatarColorFor(demoAccounts.solo.login),
      });
    });
    await acceptCurrentRegulationsForDemo(tx, { agencyIds: [agencyId], advertiserIds: [demoShopId, soloId] });
    await seedDemoFaqs(tx);
  });
}

async function referenceIds(db: Database) {
  // One after another: inside a transaction they share one connection.
  const roleRows = await db.select().from(roles).where(eq(roles.slug, 'admin'));
  const currencyRows = await db.select().from(currencies);
  const countryRows = await db.select().from(countries);
  const find = <T extends { id: number }>(rows: T[], pick: (r: T) => boolean, what: string) => {
    const row = rows.find(pick);
    if (!row) throw new Error(`Reference data missing: ${what}. Run the reference seed first.`);
    return row.id;
  };
  return {
    role: (category: string) => find(roleRows, (r) => r.category === category, `role ${category}/admin`),
    currency: (code: string) => find(currencyRows, (r) => r.code === code, `currency ${code}`),
    country: (code: string) => find(countryRows, (r) => r.code === code, `country ${code}`),
  };
}

async function ensureAccount(
  db: Database,
  kind: 'admin' | 'agency' | 'advertiser',
  credentials: { login: string; password: string },
  createProfile: (accountId: number) => Promise<void>,
): Promise<void> {
  const [existing] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.login, credentials.login));
  if (existing) return;
  const [account] = await db
    .insert(accounts)
    .values({
      login: credentials.login,
      kind,
      passwordHash: await hashPassword(credentials.password),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: accounts.id });
  if (!account) throw new Error(`Could not create ${credentials.login}`);
  await createProfile(account.id);
}

async function ensureOrganisation<T extends typeof agencies | typeof advertisers>(
  db: Database,
  table: T,
  name: string,
  values: Omit<T['$inferInsert'], 'name'>,
): Promise<number> {
  const [existing] = await db
    .select({ id: table.id })
    .from(table as typeof agencies)
    .where(eq(table.name, name));
  if (existing) return existing.id;
  const [row] = await db
    .insert(table)
    .values({ ...values, name } as never)
    .returning({ id: table.id });
  if (!row) throw new Error(`Could not create ${name}`);
  return row.id;
}
