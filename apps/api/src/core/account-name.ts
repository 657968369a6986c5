import { type AnyColumn, sql } from 'drizzle-orm';

/**
 * SQL: the first and last name of whichever profile (admin, agency or advertiser user) the
 * account has; its login without one. For lists that name who did something.
 */
export const accountNameOf = (
  account: { login: AnyColumn },
  ...profiles: { firstName: AnyColumn; lastName: AnyColumn }[]
) =>
  sql<string | null>`coalesce(${sql.join(
    [...profiles.map((p) => sql`${p.firstName} || ' ' || ${p.lastName}`), sql`${account.login}`],
    sql`, `,
  )})`;
