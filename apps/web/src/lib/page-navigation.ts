/**
 * Leaving the single-page app with a full page load (a sub-account swap, so that none of its
 * state survives; the payment provider's checkout). An object, so that tests replace `assign`.
 */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
