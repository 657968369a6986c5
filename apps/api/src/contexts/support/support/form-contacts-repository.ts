import { comments, type Database, formContacts } from '@rtb/db';
import type { FormContactStatus, FormContactsQuery, OwnFormContactsQuery } from '@rtb/shared';
import { and, count, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { OrganisationRef } from '../../../core/access';
import { limitOffset, orderOf, searchOf } from '../../../core/list';
import { loginOf, organisationUserNameOf, organisationUserOf } from '../../identity';
import { advertiserNameOf, agencyIdOfAdvertiser, agencyNameOf } from '../../organisations';
import { fileUploadOf } from '../../platform';

const agencyName = agencyNameOf(formContacts.agencyId);
const advertiserName = advertiserNameOf(formContacts.advertiserId);
/*
 * Correlated with the outer contact; nested SQL, since drizzle writes the columns of a
 * one-table select without their table (an unqualified "id" would be the comment's own).
 */
const repliesOfContact = sql`${comments.formContactId} = ${formContacts.id}`;

/** A contact with what its lists and detail show: organisation, submitter, attachment, replies. */
const contactColumns = {
  id: formContacts.id,
  createdAt: formContacts.createdAt,
  updatedAt: formContacts.updatedAt,
  subject: formContacts.subject,
  message: formContacts.message,
  status: formContacts.status,
  agencyId: formContacts.agencyId,
  advertiserId: formContacts.advertiserId,
  organisationName: sql<string>`coalesce(${agencyName}, ${advertiserName})`,
  /** An advertiser's contact is in its agency's activity log too. */
  auditAgencyId: sql<number | null>`coalesce(${formContacts.agencyId}, ${agencyIdOfAdvertiser(
    formContacts.advertiserId,
  )})`.mapWith(Number),
  /** The sending account; its name is its agency or advertiser user's (never an admin's, nor the login). */
  submitter: organisationUserOf(formContacts.accountId),
  attachment: fileUploadOf(formContacts.fileUploadId),
  commentCount: sql<number>`(select count(*)::int from ${comments} where ${repliesOfContact})`,
  lastCommentAt:
    sql<Date | null>`(select max(${comments.createdAt}) from ${comments} where ${repliesOfContact})`.mapWith(
      (value: string | Date) => new Date(value),
    ),
};

export type FormContactRow = NonNullable<Awaited<ReturnType<typeof findFormContact>>>;

const withDetails = (db: Database) => db.select(contactColumns).from(formContacts).$dynamic();

/** Only the organisation's own contacts; every contact without one (admin). */
const scopeOf = (scope: OrganisationRef | null): SQL | undefined =>
  scope === null
    ? undefined
    : 'agencyId' in scope
      ? eq(formContacts.agencyId, scope.agencyId)
      : eq(formContacts.advertiserId, scope.advertiserId);

function listConditions(scope: OrganisationRef | null, query: FormContactsQuery | OwnFormContactsQuery) {
  const admin = query as Partial<FormContactsQuery>;
  return and(
    scopeOf(scope),
    query.status === undefined ? undefined : eq(formContacts.status, query.status),
    admin.organisationKind === 'agency' ? isNotNull(formContacts.agencyId) : undefined,
    admin.organisationKind === 'advertiser' ? isNotNull(formContacts.advertiserId) : undefined,
    admin.agencyId === undefined ? undefined : eq(formContacts.agencyId, admin.agencyId),
    admin.advertiserId === undefined ? undefined : eq(formContacts.advertiserId, admin.advertiserId),
    searchOf(query.search, [
      formContacts.subject,
      formContacts.message,
      agencyName,
      advertiserName,
      loginOf(formContacts.accountId),
      organisationUserNameOf(formContacts.accountId),
    ]),
  );
}

const sortColumns = {
  createdAt: formContacts.createdAt,
  updatedAt: formContacts.updatedAt,
  status: formContacts.status,
  subject: formContacts.subject,
};

/** A page of contacts, of one organisation (`scope`) or of all (null, for admins). */
export async function listFormContacts(
  db: Database,
  scope: OrganisationRef | null,
  query: FormContactsQuery | OwnFormContactsQuery,
) {
  const where = listConditions(scope, query);
  const { limit, offset } = limitOffset(query);
  const rows = await withDetails(db)
    .where(where)
    .orderBy(...orderOf(sortColumns[query.sort], query.order, formContacts.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(formContacts).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One contact, if it is in the scope (null: any). */
export async function findFormContact(db: Database, id: number, scope: OrganisationRef | null = null) {
  const [row] = await withDetails(db).where(and(eq(formContacts.id, id), scopeOf(scope)));
  return row ?? null;
}

/** The contact's row, locked until the transaction ends (a status change, a reply). */
export async function lockFormContact(db: Database, id: number) {
  const [row] = await db.select().from(formContacts).where(eq(formContacts.id, id)).for('update');
  return row ?? null;
}

export async function insertFormContact(db: Database, values: typeof formContacts.$inferInsert) {
  const [row] = await db.insert(formContacts).values(values).returning({ id: formContacts.id });
  if (!row) throw new Error('form contact not inserted');
  return row.id;
}

export async function setFormContactStatus(db: Database, id: number, status: FormContactStatus) {
  await db.update(formContacts).set({ status }).where(eq(formContacts.id, id));
}

/** A reply changes the contact too: lists sorted by their last change show it first. */
export async function touchFormContact(db: Database, id: number) {
  await db.update(formContacts).set({ updatedAt: new Date() }).where(eq(formContacts.id, id));
}
