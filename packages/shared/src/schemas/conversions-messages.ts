/**
 * How long a held conversion can be confirmed: attribution reads about 91 days of raw events (a
 * click window is at most 90 days), so its ad touch is still there.
 */
export const HELD_CONVERSION_CONFIRM_DAYS = 90;

/** Texts of the conversion settings' rules (the web app translates them by these words). */
export const conversionMessages = {
  maxOrderValueRange: 'Enter an amount greater than 0.',
  notHeld: 'This conversion is not held: there is nothing to confirm.',
  tooOldToConfirm: `A held conversion can be confirmed within ${HELD_CONVERSION_CONFIRM_DAYS} days.`,
} as const;
