// The billing feature's public surface: the Plan and billing page, and the referral claim the shell runs.
export { BillingPage } from './components/BillingPage';
export { ReferralClaim } from './components/ReferralClaim';
