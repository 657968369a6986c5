/**
 * What the bidder knew of an impression when it bid, beyond the event's own columns (domain,
 * device type, country, campaign, creative), and what its models predicted: the click and
 * conversion models' examples (`delivery_events.bid_context`), and the reports' predicted clicks
 * and conversions. Short keys: one is stored with every impression.
 */
export interface ImpressionBidContext {
  /** The creative's size. */
  w: number;
  h: number;
  /** Operating system (packages/shared's names); null when unknown. */
  os: string | null;
  /** 0-23 on the user's clock; null without their UTC offset. */
  hr: number | null;
  /** The campaign's audience the visitor was in. */
  aud: number | null;
  /** Seconds since the visitor last viewed a product of the advertiser. */
  age: number | null;
  /** OpenRTB `banner.pos`, 0 and missing alike null. */
  pos: number | null;
  /** pCTR and pCVR (of a click) as the models said, and their versions; null where none was published. */
  pc: number | null;
  pv: number | null;
  mc: number | null;
  mv: number | null;
  /** The auction: 1 first price, 2 second price. */
  at: number;
  /** A shaded first-price bid's price before shading (micro-units of the bid's currency); null when not shaded. */
  ub: number | null;
}

/**
 * A bid context as its events keep it (`delivery_events.bid_context`): with the bid's currency and
 * price (micro-units per impression), which the win curves learn from.
 */
export interface RecordedBidContext extends ImpressionBidContext {
  cur: string;
  bid: number;
}

const nullable = (value: unknown, check: (v: unknown) => boolean) => value === null || check(value);
const whole = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
const probability = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 1;

/** Whether a value (a token's, so signed by us, but of any version) is a bid context. */
export function isImpressionBidContext(value: unknown): value is ImpressionBidContext {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const c = value as Record<string, unknown>;
  return (
    whole(c.w) &&
    whole(c.h) &&
    nullable(c.os, (v) => typeof v === 'string' && v.length <= 16) &&
    nullable(c.hr, (v) => whole(v) && (v as number) < 24) &&
    nullable(c.aud, whole) &&
    nullable(c.age, whole) &&
    nullable(c.pos, whole) &&
    nullable(c.pc, probability) &&
    nullable(c.pv, probability) &&
    nullable(c.mc, whole) &&
    nullable(c.mv, whole) &&
    (c.at === 1 || c.at === 2) &&
    nullable(c.ub, whole)
  );
}
