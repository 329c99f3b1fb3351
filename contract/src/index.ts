// @charta/contract: everything the API (functions) and the web app must agree on, defined once: the
// resources' types, the request schemas (zod) the API validates with and the web forms reuse, limits,
// enumerations, status predicates and labels, and the error codes with their HTTP statuses. A change here
// breaks the compile (and the tests) on both sides. One module per capability.
export * from './errors.js';
export * from './fields.js';
export * from './languages.js';
export * from './sessions.js';
export * from './session-requests.js';
export * from './transcripts.js';
export * from './provenance.js';
export * from './documentation.js';
export * from './chat.js';
export * from './evidence.js';
export * from './templates.js';
export * from './clinics.js';
export * from './session-shares.js';
export * from './profile.js';
export * from './subscription.js';
export * from './auth.js';
export * from './billing.js';
export * from './billing-requests.js';
export * from './magic-fill.js';
export * from './audit-client.js';
export * from './audit.js';
export * from './audit-requests.js';
export * from './data-export.js';
export * from './consent.js';
export * from './retention.js';
export * from './privacy-requests.js';
export * from './not-discussed.js';
