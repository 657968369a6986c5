import {
  type ConfigValueType,
  configKeys,
  defaultBannerSizes,
  defaultRoles,
  permissionCatalogue,
} from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../client';
import {
  configValues,
  countries,
  currencies,
  emailTemplates,
  locales,
  permissions,
  rolePermissions,
  roles,
} from '../schema';
import { emailTemplateSeeds } from './email-templates';
import { seedRegulations } from './regulations';

const localeSeeds = [
  { code: 'en', name: 'English' },
  { code: 'pl', name: 'Polski' },
];

const eu = true;
const countrySeeds = [
  { code: 'PL', isoCode: 'POL', name: 'Poland', eu },
  { code: 'DE', isoCode: 'DEU', name: 'Germany', eu },
  { code: 'GB', isoCode: 'GBR', name: 'United Kingdom', eu: false },
  { code: 'FR', isoCode: 'FRA', name: 'France', eu },
  { code: 'US', isoCode: 'USA', name: 'United States', eu: false },
  { code: 'CZ', isoCode: 'CZE', name: 'Czechia', eu },
  { code: 'SK', isoCode: 'SVK', name: 'Slovakia', eu },
  { code: 'AT', isoCode: 'AUT', name: 'Austria', eu },
  { code: 'NL', isoCode: 'NLD', name: 'Netherlands', eu },
  { code: 'BE', isoCode: 'BEL', name: 'Belgium', eu },
  { code: 'ES', isoCode: 'ESP', name: 'Spain', eu },
  { code: 'IT', isoCode: 'ITA', name: 'Italy', eu },
  { code: 'IE', isoCode: 'IRL', name: 'Ireland', eu },
  { code: 'SE', isoCode: 'SWE', name: 'Sweden', eu },
  { code: 'LT', isoCode: 'LTU', name: 'Lithuania', eu },
];

const currencySeeds = [
  { code: 'PLN', isoCode: '985', name: 'Polish złoty', symbol: 'zł' },
  { code: 'EUR', isoCode: '978', name: 'Euro', symbol: '€' },
  { code: 'GBP', isoCode: '826', name: 'Pound sterling', symbol: '£' },
  { code: 'USD', isoCode: '840', name: 'US dollar', symbol: '$' },
];

const configSeeds: { key: string; type: ConfigValueType; value: unknown; description: string }[] = [
  {
    key: configKeys.maintenance,
    type: 'boolean',
    value: false,
    description: 'Maintenance mode: only admins get through.',
  },
  {
    key: configKeys.authTokenLifetimeHours,
    type: 'integer',
    value: 168,
    description: 'How long a login stays valid, in hours.',
  },
  {
    key: configKeys.passwordResetLifetimeMinutes,
    type: 'integer',
    value: 60,
    description: 'How long a password-reset link stays valid, in minutes.',
  },
  {
    key: configKeys.activationLifetimeHours,
    type: 'integer',
    value: 72,
    description: 'How long an activation link stays valid, in hours.',
  },
  {
    key: configKeys.defaultCommissionPercent,
    type: 'decimal',
    value: '15.00',
    description: 'Commission percent given to new advertisers.',
  },
  {
    key: configKeys.supportEmail,
    type: 'email',
    value: 'support@example.com',
    description: 'Where support messages go.',
  },
  {
    key: configKeys.baseCurrency,
    type: 'string',
    value: 'PLN',
    description: 'Code of the currency that currency rates are quoted in (totals are shown in it).',
  },
  {
    key: configKeys.sellerName,
    type: 'string',
    value: 'RTB Panel sp. z o.o.',
    description: 'Seller name on invoices and proformas.',
  },
  {
    key: configKeys.sellerAddress,
    type: 'string',
    value: 'ul. Przykładowa 1, 00-001 Warszawa',
    description: 'Seller address on invoices and proformas.',
  },
  {
    key: configKeys.sellerTaxId,
    type: 'string',
    value: 'PL0000000000',
    description: 'Seller tax id (VAT number) on invoices.',
  },
  {
    key: configKeys.sellerBankAccount,
    type: 'string',
    value: 'PL00 0000 0000 0000 0000 0000 0000',
    // A placeholder: until an admin sets the real account, users are shown none (isBankAccountConfigured).
    description:
      'Bank account (IBAN) that top-ups by bank transfer are paid to. The zeros are a placeholder: set the real account.',
  },
  {
    key: configKeys.sellerCountry,
    type: 'string',
    value: 'PL',
    description: "Seller's country code: buyers in other countries are invoiced without VAT.",
  },
  {
    key: configKeys.invoiceTaxPercent,
    type: 'decimal',
    value: '23.00',
    description: "VAT percent on top-ups of buyers in the seller's country.",
  },
  {
    key: configKeys.maxAmount,
    type: 'decimal',
    value: '1000000.00',
    description:
      "The most one top-up, transfer or manual operation may move, and the highest credit limit (in the organisation's currency).",
  },
  {
    key: configKeys.bannerSizes,
    type: 'string',
    value: defaultBannerSizes.join(','),
    description: 'Banner sizes allowed (comma-separated WxH); a file of twice a size serves at that size.',
  },
  {
    key: configKeys.bannerMaxFileKb,
    type: 'integer',
    value: 500,
    description: 'The largest banner file (image or HTML5 ZIP), in KB (1,024 bytes).',
  },
  {
    key: configKeys.campaignMinCpm,
    type: 'decimal',
    value: '1.00',
    description: "The lowest maximum CPM a campaign may bid (in the advertiser's currency).",
  },
  {
    key: configKeys.campaignMinDailyBudget,
    type: 'decimal',
    value: '10.00',
    description: "The lowest daily budget a campaign may set (in the advertiser's currency).",
  },
  {
    key: configKeys.platformMarginPercent,
    type: 'decimal',
    value: '20.00',
    description: "The platform's share of what advertisers spend, in percent.",
  },
  {
    key: configKeys.defaultTimeZone,
    type: 'string',
    value: 'Europe/Warsaw',
    description: 'The time zone (IANA name) a new advertiser starts with.',
  },
];

/**
 * Reference data every installation needs. Idempotent: rows that exist are left as an
 * admin may have changed them.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.insert(locales).values(localeSeeds).onConflictDoNothing();
  await db.insert(countries).values(countrySeeds).onConflictDoNothing();
  await db.insert(currencies).values(currencySeeds).onConflictDoNothing();
  await db.insert(configValues).values(configSeeds).onConflictDoNothing();
  await db.insert(emailTemplates).values(emailTemplateSeeds).onConflictDoNothing();
  await seedRoles(db);
  await seedRegulations(db);
}

async function seedRoles(db: Database): Promise<void> {
  const catalogue = Object.entries(permissionCatalogue).flatMap(([category, list]) =>
    list.map((p) => ({ category: category as keyof typeof permissionCatalogue, ...p })),
  );
  await db.insert(permissions).values(catalogue).onConflictDoNothing();
  const permissionRows = await db.select().from(permissions);

  for (const role of defaultRoles) {
    const [inserted] = await db
      .insert(roles)
      .values({ category: role.category, slug: role.slug, name: role.name, editable: role.editable })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    // Existing roles keep the permissions an admin gave them; new non-editable ones get all.
    const roleId =
      inserted?.id ??
      (!role.editable
        ? (
            await db
              .select({ id: roles.id })
              .from(roles)
              .where(and(eq(roles.category, role.category), eq(roles.slug, role.slug)))
          )[0]?.id
        : undefined);
    if (roleId === undefined) continue;
    const rows = permissionRows
      .filter((p) => p.category === role.category && role.grants[p.resource])
      .map((p) => ({ roleId, permissionId: p.id, mode: role.grants[p.resource] ?? 'read' }));
    if (rows.length) await db.insert(rolePermissions).values(rows).onConflictDoNothing();
  }
}
