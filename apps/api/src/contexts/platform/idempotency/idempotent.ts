import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, paymentMessages } from '@rtb/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import { claimKey, findKey, saveResponse } from './repository';

export interface Answer<T> {
  status: number;
  body: T;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The request's parameters: the same key with other ones is another request, refused. */
function fingerprintOf(request: FastifyRequest): string {
  const parameters = {
    method: request.method,
    route: request.routeOptions.url,
    params: request.params,
    query: request.query,
    body: request.body,
    organisation: request.organisation,
  };
  return createHash('sha256').update(JSON.stringify(parameters)).digest('hex');
}

/**
 * Runs a money-moving request once per `Idempotency-Key` (DESIGN.md section 8): the key is
 * claimed in the request's own transaction, so its first successful answer is stored with the
 * money it moved, or not at all. A retry gets that answer again (with `Idempotent-Replayed:
 * true`); concurrent identical requests wait for the first and get its answer; the same key
 * with other parameters is a 422. An answer that failed (4xx, 5xx) rolled back and is not
 * kept, so the request can be retried. Keys belong to the signed-in account.
 */
export async function idempotent<T>(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: AppDeps) => Promise<Answer<T>>,
): Promise<T> {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined || header === '')
    throw invalidField('idempotencyKey', paymentMessages.idempotencyKeyMissing);
  if (typeof header !== 'string' || !KEY_PATTERN.test(header))
    throw invalidField('idempotencyKey', paymentMessages.idempotencyKeyInvalid);
  const accountId = principalOf(request).accountId;
  const fingerprint = fingerprintOf(request);

  const answer = await inTransaction(deps, async (tx) => {
    if (!(await claimKey(tx.db, accountId, header, fingerprint))) {
      const first = await findKey(tx.db, accountId, header);
      if (!first || first.fingerprint !== fingerprint)
        throw invalidField('idempotencyKey', paymentMessages.idempotencyKeyReused);
      return { status: first.responseStatus ?? 200, body: first.responseBody as T, replayed: true };
    }
    const fresh = await work(tx);
    await saveResponse(tx.db, accountId, header, fresh);
    return { ...fresh, replayed: false };
  });
  reply.code(answer.status);
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return answer.body;
}
