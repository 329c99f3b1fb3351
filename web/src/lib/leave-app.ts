/**
 * Leaves the app for a page of Stripe's (or the local emulator's), which brings the user back to /billing.
 * One function, so tests can see where the app went without jsdom navigating.
 */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
