import { advertisers, type Database } from '@rtb/db';
import { eq } from 'drizzle-orm';

/** What posting an advertiser's spend needs to know of it. */
export interface Spender {
  /** Its agency: the commission's account. */
  agencyId: number | null;
  /** The agency pays its campaigns: spend comes from the agency balance it funded. */
  agencyPaidCampaigns: boolean;
  creditLimit: number;
  useCreditLimit: boolean;
}

/** The advertiser as spend posting sees it; an unknown advertiser cannot spend. */
export async function spenderOf(db: Database, advertiserId: number): Promise<Spender> {
  const [row] = await db
    .select({
      agencyId: advertisers.agencyId,
      agencyPaidCampaigns: advertisers.agencyPaidCampaigns,
      creditLimit: advertisers.creditLimit,
      useCreditLimit: advertisers.useCreditLimit,
    })
    .from(advertisers)
    .where(eq(advertisers.id, advertiserId));
  if (!row) throw new Error(`Advertiser ${advertiserId} does not exist.`);
  return row;
}

/**
 * The lowest balance a debit may leave on the organisation's own balance: minus its credit
 * limit while it may use it, else 0.
 */
export const floorOf = (org: Pick<Spender, 'creditLimit' | 'useCreditLimit'>): number =>
  org.useCreditLimit ? -org.creditLimit : 0;
