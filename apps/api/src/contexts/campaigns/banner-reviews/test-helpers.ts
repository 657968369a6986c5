import { randomUUID } from 'node:crypto';
import { accounts, advertisers, advertiserUsers, banners, type Database, roles } from '@rtb/db';
import { and, eq } from 'drizzle-orm';

/**
 * A banner row as an upload would leave it (the upload API is the banners module's): a 300x250
 * PNG waiting for review unless told otherwise.
 */
export async function insertBanner(
  db: Database,
  values: Partial<typeof banners.$inferInsert> & { advertiserId: number; name: string },
) {
  const [row] = await db
    .insert(banners)
    .values({
      type: 'image',
      width: 300,
      height: 250,
      mimeType: 'image/png',
      fileSize: 12_345,
      landingUrl: 'https://shop.example.com/spring',
      assetKey: randomUUID(),
      assetEntry: 'spring.png',
      ...values,
    })
    .returning();
  if (!row) throw new Error('banner not inserted');
  return row;
}

/** The banner as it is in the table now. */
export async function bannerRow(db: Database, id: number) {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  if (!row) throw new Error(`no banner ${id}`);
  return row;
}

export async function advertiserIdOf(db: Database, name: string): Promise<number> {
  const [row] = await db.select({ id: advertisers.id }).from(advertisers).where(eq(advertisers.name, name));
  if (!row) throw new Error(`no advertiser ${name}`);
  return row.id;
}

/** Another user of the advertiser, straight into the tables (language and enabled as given). */
export async function insertAdvertiserUser(
  db: Database,
  advertiserId: number,
  user: { login: string; firstName: string; locale: string; enabled?: boolean },
) {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.category, 'advertiser'), eq(roles.slug, 'admin')));
  const [account] = await db
    .insert(accounts)
    .values({ login: user.login, kind: 'advertiser', locale: user.locale, enabled: user.enabled ?? true })
    .returning({ id: accounts.id });
  if (!role || !account) throw new Error('advertiser user not inserted');
  await db.insert(advertiserUsers).values({
    accountId: account.id,
    advertiserId,
    roleId: role.id,
    firstName: user.firstName,
    lastName: 'Tester',
    avatarColor: '#15803d',
  });
  return account.id;
}
