/** Leaves the app for the payment provider's checkout page (it sends the user back to the payments page). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
