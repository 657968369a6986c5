import { billingInformationBody, billingInformationResponse, type OrganisationKind } from '@rtb/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ownOrganisationOf, principalOf, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import {
  type BillingSource,
  getBillingInformation,
  type OrganisationOperations,
  updateBillingInformation,
} from './billing-information';

/** One kind's own-organisation page: its path, data key, permission, schemas and operations. */
export interface OwnOrganisation<Dto extends BillingSource, Changes>
  extends OrganisationOperations<Dto, Changes> {
  path: '/agencies/me' | '/advertisers/me';
  key: 'agency' | 'advertiser';
  resource: 'agency-profile' | 'advertiser-profile';
  response: z.ZodType;
  /** What the organisation's own users may change: anything else in a body is dropped. */
  body: z.ZodType<Changes>;
}

/** The signed-in user's organisation, from the token (a header can only narrow it, never swap it). */
const ownIdOf = (request: FastifyRequest, kind: OrganisationKind): number => {
  const own = ownOrganisationOf(kind, request);
  return 'agencyId' in own ? own.agencyId : own.advertiserId;
};

/**
 * `/api/{agency|advertiser}/{agencies|advertisers}/me` and `me/billing-info`: the organisation's
 * own users read and change its details and billing data. Service users may read them (an
 * integration checks the currency or the balance) but never change them (spec section 6).
 */
export function ownOrganisationRoutes<Dto extends BillingSource, Changes extends object>(
  own: OwnOrganisation<Dto, Changes>,
): FastifyPluginAsyncZod<{ deps: AppDeps }> {
  return async (app, { deps }) => {
    const tags = [`${own.kind} profile`];
    const read: RouteAccess = { kind: own.kind, permission: [own.resource, 'read'] };
    const write: RouteAccess = {
      kind: own.kind,
      permission: [own.resource, 'write'],
      refuseServiceUsers: true,
    };

    app.get(own.path, {
      config: { access: read },
      schema: { tags, summary: `The signed-in user's ${own.kind}`, response: { 200: own.response } },
      handler: async (request) => ({
        data: { [own.key]: await own.get(deps, ownIdOf(request, own.kind)) },
      }),
    });

    app.put(own.path, {
      config: { access: write },
      schema: {
        tags,
        summary: `Edit the ${own.kind}'s name, phone${own.kind === 'advertiser' ? ', website' : ''} and billing data`,
        body: own.body,
        response: { 200: own.response },
      },
      handler: async (request) => {
        const id = ownIdOf(request, own.kind);
        // Parsed by `own.body`; the type provider cannot resolve its generic output type.
        const changes = request.body as Changes;
        const saved = await inTransaction(deps, async (tx) => {
          const organisation = await own.update(tx, id, changes, actorOf(request));
          // The session carries the organisation's name: the user's next request reads the new one.
          tx.sessionsChanged(principalOf(request).accountId);
          return organisation;
        });
        return { data: { [own.key]: saved } };
      },
    });

    app.get('/me/billing-info', {
      config: { access: read },
      schema: {
        tags,
        summary: `The ${own.kind}'s billing data, whether it is complete and what is missing`,
        response: { 200: billingInformationResponse },
      },
      handler: async (request) => ({
        data: {
          billingInformation: await getBillingInformation(deps, own, ownIdOf(request, own.kind)),
        },
      }),
    });

    app.put('/me/billing-info', {
      config: { access: write },
      schema: {
        tags,
        summary: `Edit the ${own.kind}'s billing data (the currency is fixed once money has moved)`,
        body: billingInformationBody,
        response: { 200: billingInformationResponse },
      },
      handler: async (request) => {
        const id = ownIdOf(request, own.kind);
        const billingInformation = await inTransaction(deps, (tx) =>
          updateBillingInformation(tx, own, id, request.body, actorOf(request)),
        );
        return { data: { billingInformation } };
      },
    });
  };
}
