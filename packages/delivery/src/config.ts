import { attributionWindowLimits } from '@rtb/shared';
import { z } from 'zod';
import type { DeliveryDeps } from './deps';

/**
 * The shortest raw event retention: a conversion is attributed to clicks up to the longest click
 * window back, and a click is judged against its impression; both must still be there.
 */
const RAW_EVENTS_MIN_RETENTION_DAYS = attributionWindowLimits.clickWindowDays.max + 1;

const deliveryEnvSchema = z.object({
  RAW_EVENTS_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(RAW_EVENTS_MIN_RETENTION_DAYS, {
      message: `RAW_EVENTS_RETENTION_DAYS must be at least ${RAW_EVENTS_MIN_RETENTION_DAYS} days (attribution reads the clicks of the longest window).`,
    })
    .default(400),
});

/** What the delivery engine reads of the environment, in the API and a bidder alike. */
export function loadDeliveryConfig(env: NodeJS.ProcessEnv = process.env): DeliveryDeps['config'] {
  return { rawEventsRetentionDays: deliveryEnvSchema.parse(env).RAW_EVENTS_RETENTION_DAYS };
}
