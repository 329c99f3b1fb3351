// Signing out forgets the template names the Record tab remembered for offline use (templates-on-device.ts).
// A module of its own: sign-out's code is on every page, the Record tab's is not.
export const TEMPLATES_ON_DEVICE_KEY = 'charta-templates-on-device';

export function forgetTemplates(): void {
  try {
    localStorage.removeItem(TEMPLATES_ON_DEVICE_KEY);
  } catch {
    // Nothing stored, or storage unavailable.
  }
}
