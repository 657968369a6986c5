import { conversionAdvertiser } from '@rtb/api/delivery';
import type { FastifyInstance } from 'fastify';
import { refuse, sendGif, unavailable } from './responses';
import { commit, isBotRequest, type Tracking } from './tracking';
import { userIdOf } from './user-id';

const ADVERTISER_ID = /^[1-9]\d{0,15}$/;
/** Letters, digits, punctuation, symbols and spaces: what PostgreSQL stores and a shop's order ids use. */
const ORDER_ID = /^[\p{L}\p{N}\p{P}\p{S} ]{1,200}$/u;
const VALUE = /^(\d{1,15})(?:\.(\d{1,30}))?$/;
/** Above this many minor units (10 billion units of a 2-decimal currency) a value is a mistake or an attack. */
const MAX_VALUE_MINOR = 1_000_000_000_000;

/** A decimal value in minor units of a currency with `minorUnits` decimals (rounded down); null when not one. */
function valueMinorOf(value: string, minorUnits: number): number | null {
  const match = VALUE.exec(value.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const minor =
    BigInt(whole) * 10n ** BigInt(minorUnits) +
    BigInt(fraction.slice(0, minorUnits).padEnd(minorUnits, '0') || '0');
  return minor <= BigInt(MAX_VALUE_MINOR) ? Number(minor) : null;
}

/**
 * The conversion pixel (`/rtb/conversion?adv=&order=&value=&currency=`), called by the shop's
 * page or tag: counted once per advertiser and order id, in the advertiser's currency, and
 * attributed (when it commits) to the user's last click or impression.
 */
export function registerConversionRoute(app: FastifyInstance, tracking: Tracking) {
  app.get(
    '/rtb/conversion',
    { exposeHeadRoute: false, config: { access: 'public' } },
    async (request, reply) => {
      const { adv, order, value, currency } = request.query as Record<string, unknown>;
      if (typeof adv !== 'string' || !ADVERTISER_ID.test(adv)) return refuse(reply, 'unknown_advertiser');
      if (typeof order !== 'string' || !ORDER_ID.test(order)) return refuse(reply, 'bad_order');
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
      if (currency !== undefined && currency.trim().toUpperCase() !== advertiser.currency)
        return refuse(reply, 'currency_mismatch');
      const valueMinor =
        value === undefined || value === '' ? null : valueMinorOf(value, advertiser.minorUnits);
      if (valueMinor === null && value) return refuse(reply, 'bad_value');
      const recorded = await commit(tracking, reply, {
        kind: 'conversion',
        source: 'conversion',
        occurredAt: tracking.now(),
        advertiserId,
        orderId: order,
        valueMinor,
        userId: userIdOf(request),
        invalidReason: isBotRequest(request) ? 'bot' : null,
      });
      return recorded ? sendGif(reply) : reply;
    },
  );
}
