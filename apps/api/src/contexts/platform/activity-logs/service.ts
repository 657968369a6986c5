import type { ActivityEntityType, ActivityEvent } from '@rtb/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../core/deps';
import { insertActivityLogs } from './repository';

/** Who did it, from where: taken from the request once and passed to services. */
export interface Actor {
  accountId: number | null;
  impersonatorAccountId: number | null;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

export function actorOf(request: FastifyRequest, accountId = request.principal?.accountId ?? null): Actor {
  return {
    accountId,
    impersonatorAccountId: request.principal?.impersonatorAccountId ?? null,
    requestId: request.id,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  };
}

/** An actor outside any request: the system (no account), or the account a webhook acts for. */
export const accountActor = (
  accountId: number | null = null,
  impersonatorAccountId: number | null = null,
): Actor => ({
  accountId,
  impersonatorAccountId,
  requestId: null,
  ip: null,
  userAgent: null,
});

export interface Change {
  event: ActivityEvent;
  entityType: ActivityEntityType;
  entityId: number | string;
  /**
   * The entity's name as it is now, where the fields logged do not carry it (a status change
   * logs the status alone); else it is read from them (`entityNameOf`).
   */
  name?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  agencyId?: number | null;
  advertiserId?: number | null;
}

const SECRET = /password|token|secret|hash/i;

/**
 * Secrets never reach the log: their values are replaced, their presence kept. A time is no
 * secret (when a password was changed), so it stays.
 */
export function redact(value: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      v instanceof Date ? v.toISOString() : SECRET.test(k) && v !== null ? '[redacted]' : v,
    ]),
  );
}

/** What logged fields name their entity by: its name, a support request's subject, a person's names. */
function entityNameOf(fields: Record<string, unknown> | null | undefined): string | null {
  const text = (key: string) => {
    const value = fields?.[key];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };
  const person = [text('firstName'), text('lastName')].filter(Boolean).join(' ');
  return text('name') ?? text('subject') ?? (person || null);
}

/** Only what changed, on updates; the whole row on creates and deletes. */
function diff(change: Change): { before: unknown; after: unknown } {
  const before = redact(change.before);
  const after = redact(change.after);
  if (change.event !== 'updated' || !before || !after) return { before, after };
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * Appends one row per change; an update that changed nothing leaves no row. A row about an
 * advertiser carries its agency too, whether the caller named it or not: the agency's log is
 * read by `agency_id` alone, so a row without it would be missing there.
 */
export async function recordActivity(deps: AppDeps, actor: Actor, changes: Change[]): Promise<void> {
  const kept = changes
    .map((c) => ({ c, changes: diff(c) }))
    .filter(({ c, changes }) => c.event !== 'updated' || Object.keys(changes.after as object).length > 0);
  const agencyOf = await deps.agenciesOfAdvertisers(
    deps.db,
    kept.flatMap(({ c }) => (c.agencyId == null && c.advertiserId != null ? [c.advertiserId] : [])),
  );
  const rows = kept.map(({ c, changes }) => ({
    requestId: actor.requestId,
    agencyId: c.agencyId ?? (c.advertiserId != null ? agencyOf.get(c.advertiserId) : null) ?? null,
    advertiserId: c.advertiserId ?? null,
    actorAccountId: actor.accountId,
    impersonatorAccountId: actor.impersonatorAccountId,
    event: c.event,
    entityType: c.entityType,
    entityId: String(c.entityId),
    // The name as it is at the change, from all the fields given (the diff drops those that
    // stayed): a later rename or delete leaves the entry as it happened.
    entityName: c.name ?? entityNameOf(c.after) ?? entityNameOf(c.before),
    changes,
    ip: actor.ip,
    userAgent: actor.userAgent,
  }));
  await insertActivityLogs(deps.db, rows);
}
