// The billing feature's public surface: the referral claim the shell runs (the Plan and billing page is
// billing.page.ts, loaded lazily by the router).
export { ReferralClaim } from './components/ReferralClaim';
