import type { LedgerOwner } from '@rtb/ledger';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../../core/errors';
import type { MoneyScope } from './scope';

/**
 * Whose money an agency or advertiser request is about, from the token (never the body): an
 * advertiser's own; an agency's own, or, when an agency user picked one of its advertisers
 * (`advertiser-id`, checked against the token), that advertiser's.
 */
export function moneyOwnerOf(request: FastifyRequest): LedgerOwner {
  const { agencyId, advertiserId } = request.organisation;
  if (advertiserId !== null) return { advertiserId };
  if (agencyId !== null) return { agencyId };
  throw forbidden();
}

/** The records a request may list: an admin's every organisation's (narrowed by the filters), others their own. */
export function moneyScopeOf(
  request: FastifyRequest,
  filters: { agencyId?: number; advertiserId?: number },
): MoneyScope {
  if (request.principal?.kind === 'admin')
    return { all: { agencyId: filters.agencyId, advertiserId: filters.advertiserId } };
  return { owner: moneyOwnerOf(request) };
}
