/**
 * What the trackers record (DESIGN.md section 6): the kinds of delivery event. An impression is
 * what the exchange bills (its billing notice); a render is our pixel loaded in the browser,
 * which tells who saw the ad but never sets a price nor bills. A lift test's campaign, at its
 * turn to bid on a visitor, gets an exposure for one of its exposed group (it then bids) and a
 * ghost, the impression it would have bought, for one it holds out (it does not bid).
 */
export const deliveryEventKinds = [
  'win',
  'impression',
  'loss',
  'click',
  'conversion',
  'render',
  'ghost',
  'exposure',
] as const;
export type DeliveryEventKind = (typeof deliveryEventKinds)[number];

/**
 * Why an event is recorded but neither billed nor counted among the valid figures. `held`: a
 * browser conversion that looked wrong (its confirmation is an event of its own).
 */
export const invalidTrafficReasons = [
  'bot',
  'test',
  'no_impression',
  'repeated_click',
  /** A loss notice of a bid the exchange had already said it won or billed: it frees nothing. */
  'loss_after_win',
  'held',
] as const;
export type InvalidTrafficReason = (typeof invalidTrafficReasons)[number];

/** How a conversion was attributed: its last touch was a click or an impression (within its campaign's windows). */
export const conversionAttributions = ['click', 'view'] as const;
export type ConversionAttribution = (typeof conversionAttributions)[number];
