import { conversionAdvertiser, conversionValue } from '@rtb/delivery';
import { ORDER_ID_PATTERN } from '@rtb/shared';
import type { FastifyInstance } from 'fastify';
import { refuse, sendGif, unavailable } from './responses';
import { commit, isBotRequest, type Tracking } from './tracking';
import { userIdOf } from './user-id';

const ADVERTISER_ID = /^[1-9]\d{0,15}$/;

/**
 * The conversion pixel (`/rtb/conversion?adv=&order=&value=&currency=`), called by the shop's
 * page: counted once per advertiser and order id, in the advertiser's currency, and attributed
 * (when it commits) to the user's last click or impression. The tag's transactions follow the
 * same rules (`conversionValue`) and share the order ids.
 */
export function registerConversionRoute(app: FastifyInstance, tracking: Tracking) {
  app.get(
    '/rtb/conversion',
    { exposeHeadRoute: false, config: { access: 'public' } },
    async (request, reply) => {
      const { adv, order, value, currency } = request.query as Record<string, unknown>;
      if (typeof adv !== 'string' || !ADVERTISER_ID.test(adv)) return refuse(reply, 'unknown_advertiser');
      if (typeof order !== 'string' || !ORDER_ID_PATTERN.test(order)) return refuse(reply, 'bad_order');
      if (value !== undefined && typeof value !== 'string') return refuse(reply, 'bad_value');
      if (currency !== undefined && typeof currency !== 'string') return refuse(reply, 'currency_mismatch');
      const advertiserId = Number(adv);
      let advertiser: Awaited<ReturnType<typeof conversionAdvertiser>>;
      try {
        advertiser = await conversionAdvertiser(tracking.context.deps, advertiserId);
      } catch (error) {
        tracking.context.log.error({ err: error }, 'conversion advertiser not read');
        return unavailable(reply);
      }
      if (!advertiser) return refuse(reply, 'unknown_advertiser');
      const counted = conversionValue(advertiser, value, currency);
      if ('refused' in counted) return refuse(reply, counted.refused);
      const committed = await commit(tracking, reply, {
        kind: 'conversion',
        source: 'conversion',
        occurredAt: tracking.now(),
        advertiserId,
        orderId: order,
        valueMinor: counted.valueMinor,
        userId: userIdOf(request),
        invalidReason: isBotRequest(request) ? 'bot' : null,
      });
      return committed ? sendGif(reply) : reply;
    },
  );
}
