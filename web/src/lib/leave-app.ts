/**
 * Leaves the app for a page of Stripe's (or the local emulator's), which brings the user back (to /billing, or
 * to /clinic for a clinic's plan).
 * One function, so tests can see where the app went without jsdom navigating.
 */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
