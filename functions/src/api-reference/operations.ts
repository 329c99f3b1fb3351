import {
  acceptProposalBody,
  clinicBillingBody,
  clinicTemplateIdBody,
  setClinicPoliciesBody,
  setClinicSingleSignOnBody,
  singleSignOnForEmailBody,
  createClinicBody,
  deleteClinicBody,
  invitationIdBody,
  invitationTokenBody,
  inviteBody,
  memberUidBody,
  publishToClinicBody,
  setMemberRoleBody,
  shareSessionBody,
  accountEventBody,
  auditEntriesBody,
  auditEventBody,
  auditExportQuery,
  balanceBody,
  chatBody,
  chatHistoryBody,
  confirmFactBody,
  counterQuery,
  createCustomerBody,
  createSessionBody,
  creationBody,
  customizeSectionBody,
  dataExportDownloadQuery,
  dataExportParams,
  deleteManyBody,
  documentationIdBody,
  embeddedPaymentsLinkBody,
  generateFromNoteBody,
  getTemplatesBody,
  helpMeWriteBody,
  listPublishedBody,
  listSessionsBody,
  liveTranscriptBody,
  lookupCustomerNameBody,
  magicEditDocumentationBody,
  magicEditSectionBody,
  magicFillBody,
  markDoneBody,
  paymentsLinkQuery,
  previewSectionBody,
  previewTemplateBody,
  profileIdParams,
  publishBody,
  publishedEntryBody,
  recordConsentBody,
  regenerateBody,
  regenerateSectionBody,
  reportPublishedBody,
  restoreSectionVersionBody,
  retentionImpactBody,
  searchByPatientNameBody,
  sectionBody,
  sectionVersionsBody,
  sendCodeBody,
  sessionIdBody,
  subscriptionIdParams,
  templateIdBody,
  unpublishBody,
  updateConsentSettingsBody,
  updateProfileBody,
  updateRetentionSettingsBody,
  updateSectionValueBody,
  updateSessionBody,
  updateSubscriptionBody,
  updateTitleBody,
  upsertTemplateBody,
  uploadAudioFields,
  uploadByChecksumBody,
  verifyCodeBody,
  type ErrorCode,
} from '@charta/contract';
import type { z } from 'zod';

/**
 * Every operation of the HTTP API under /api/v1, described once for its reference (api-reference/openapi.ts
 * builds the OpenAPI document from it): what it does, who may call it, the contract's zod schema of what it
 * takes, what it answers and with which errors. Keyed by method and path as the routers mount them (the
 * same keys as audit/route-audit.ts). `tests/integration/openapi.test.ts` reads the routes from the app's own
 * router and fails when one is missing here (or a row names no route), so the reference cannot drift from
 * what is served. The request schemas are the ones the routes validate with; answers are named by their
 * contract types (contract/src), which are TypeScript types, not schemas.
 */

/** Who may call an operation. */
export type Access =
  /** A Firebase ID token (Authorization: Bearer). */
  | 'user'
  /** A Firebase ID token of a user whose email address is verified (else 403 permission_denied). */
  | 'verified_user'
  /** Anyone (limited per client address where it says so). */
  | 'public'
  /** The download link's own secret (`token` in the query): a browser download sends no ID token. */
  | 'download_token'
  /** Stripe's signature of the exact bytes it sent (Stripe-Signature header). */
  | 'stripe_signature';

export interface ApiOperation {
  /** The group it is listed under in the reference (docs/api.md lists them). */
  tag: ApiTag;
  summary: string;
  /** More words, where the summary is not enough. */
  description?: string;
  access: Access;
  /** A limit per user or per address answers 429 rate_limited with Retry-After. */
  limited?: boolean;
  body?: z.ZodType;
  /** A multipart/form-data body: its text fields (and a `file`, when `file` says so). */
  multipart?: { fields: z.ZodType; file: boolean };
  query?: z.ZodType;
  params?: z.ZodType;
  success: { status: number; description: string; contentType?: string };
  /** It names a resource the caller must own: 404 not_found when there is none, or it is someone else's. */
  owned?: boolean;
  /** It depends on a service beyond the API (an AI model, Stripe): 503 unavailable when that fails. */
  upstream?: boolean;
  /** It takes audio for a session: 409 consent_required without the patient's recorded consent (docs/privacy.md "Consent"). */
  needsConsent?: boolean;
  /** Errors beyond those the fields above and its kind imply (see errorsOf in openapi.ts). */
  errors?: readonly ErrorCode[];
}

export const API_TAGS = {
  Health: 'Whether the API is up, and its version.',
  Reference: 'This document, as OpenAPI and as a readable page.',
  'Sign-in by one-time code': 'Signing in with a code sent by email (public: the caller is signing in).',
  Profile: "The clinician's profile and settings (consent, retention), and deleting the account.",
  Subscription: 'The plan the caller is on, its usage, and cancelling it.',
  'Billing and referral': 'Stripe checkout and portal links, customers, balances, referrals and the Stripe webhook.',
  Sessions: 'Recorded (or typed) sessions: creating them, their audio, consent, listing, renaming and deleting.',
  Search: 'Finding sessions by patient name.',
  Transcripts: "A session's transcript, final or live.",
  Documentation: "A session's documentation (the note): reading, editing, versions, AI actions, processing.",
  Creation: 'Documentation from typed or pasted text, without audio.',
  Chat: "Questions answered from a session's transcript and its current note, the conversation kept per session.",
  'Magic fill': "A session's documentation mapped onto an EHR page's form fields.",
  Templates: "The user's templates, the built-ins, the editor's AI helpers, sharing and the published library.",
  Clinics: 'A team of clinicians: its members and roles, invitations by email, and the clinic library of templates its members share.',
  'Data export': "A download of everything the caller's account holds.",
  Audit: "The caller's activity (the audit trail) and the events clients report to it.",
} as const;

export type ApiTag = keyof typeof API_TAGS;

const SESSION = '`SessionResponse`: `{ session: Session }` (contract/src/sessions.ts)';
const DOCUMENTATION = '`{ documentation: Documentation }` (contract/src/documentation.ts)';
const TEMPLATE = '`{ template: Template }` (contract/src/templates.ts)';
const MY_CLINIC = '`MyClinicResponse` (contract/src/clinics.ts)';
const SECTION_OR_PROPOSAL =
  "`{ section, counter }`: the section after the change and the documentation's new counter; with `propose: true`, `{ proposal }`: a DocumentationProposal, nothing saved (contract/src/documentation.ts)";
const DOCUMENTATION_OR_PROPOSAL = `${DOCUMENTATION}; with \`propose: true\`, \`{ proposal }\`: a DocumentationProposal, nothing saved`;
const PROPOSE_FIRST =
  'With `propose: true` nothing is saved: the answer is a proposal (each changed section as a word-level diff against its text, with the clinician\'s typing it removes), saved by POST /session/documentation/accept_proposal.';

export const API_OPERATIONS: Readonly<Record<string, ApiOperation>> = {
  'GET /health': { tag: 'Health', summary: 'Health and version', access: 'public', limited: true, success: { status: 200, description: '`{ status: "ok", version }`' } },
  'GET /openapi.json': { tag: 'Reference', summary: 'This OpenAPI document', access: 'public', limited: true, success: { status: 200, description: 'The OpenAPI 3.1 document of the API' } },
  'GET /reference': { tag: 'Reference', summary: 'This document as a readable page', access: 'public', limited: true, success: { status: 200, description: 'An HTML page, without scripts', contentType: 'text/html' } },

  'POST /auth/sso_for_email': { tag: 'Clinics', summary: "The single sign-on provider an address signs in with, if its domain is a clinic's", description: '`{ providerId }`, null for any other address; says nothing of accounts or clinics. Docs: docs/clinics.md "Single sign-on by domain".', access: 'public', limited: true, body: singleSignOnForEmailBody, success: { status: 200, description: '`SingleSignOnForEmailResponse` (contract/src/clinics.ts)' } },
  'POST /auth/send-code': { tag: 'Sign-in by one-time code', summary: 'Send a sign-in code by email', access: 'public', limited: true, body: sendCodeBody, success: { status: 202, description: '`SendCodeResponse` (contract/src/auth.ts)' } },
  'POST /auth/verify-code': { tag: 'Sign-in by one-time code', summary: 'Exchange a sign-in code for a custom token', access: 'public', limited: true, body: verifyCodeBody, success: { status: 200, description: '`VerifyCodeResponse` (contract/src/auth.ts)' }, errors: ['permission_denied'] },

  'GET /profile': { tag: 'Profile', summary: "The caller's profile", access: 'user', success: { status: 200, description: '`ProfileResponse` (contract/src/profile.ts)' }, owned: true },
  'PUT /profile': { tag: 'Profile', summary: "Create or change the caller's profile", access: 'user', body: updateProfileBody, success: { status: 200, description: '`ProfileResponse` (contract/src/profile.ts)' } },
  'PUT /profile/consent': { tag: 'Profile', summary: 'Change the consent settings', access: 'user', body: updateConsentSettingsBody, success: { status: 200, description: '`ProfileResponse` (contract/src/profile.ts)' } },
  'PUT /profile/retention': { tag: 'Profile', summary: 'Change the retention settings', description: 'A shorter setting that would delete data needs `confirmShorter: true` (else 409 conflict).', access: 'user', body: updateRetentionSettingsBody, success: { status: 200, description: '`ProfileResponse` (contract/src/profile.ts)' }, errors: ['conflict'] },
  'POST /profile/retention/impact': { tag: 'Profile', summary: 'What a proposed retention setting would delete', access: 'user', body: retentionImpactBody, success: { status: 200, description: '`RetentionImpact` (contract/src/retention.ts)' } },
  'DELETE /profile/{id}': { tag: 'Profile', summary: "Delete the caller's account and everything it holds", description: 'Needs a recent sign-in (else 403 reauthentication_required). The owner of a clinic with other members hands it on or deletes it first (else 409 conflict).', access: 'user', params: profileIdParams, success: { status: 200, description: '`{ deleted: true }`' }, owned: true, errors: ['reauthentication_required', 'conflict'] },

  'GET /subscription': { tag: 'Subscription', summary: "The caller's subscription", access: 'user', success: { status: 200, description: '`SubscriptionResponse` (contract/src/subscription.ts)' }, owned: true },
  'GET /subscription/usage': { tag: 'Subscription', summary: "The plan's limits and what the caller has used", access: 'user', success: { status: 200, description: '`PlanUsageResponse`: `{ usage: PlanUsage }` (contract/src/billing.ts)' } },
  'PUT /subscription': { tag: 'Subscription', summary: 'Cancel at the end of the period, or undo that', access: 'user', body: updateSubscriptionBody, success: { status: 200, description: '`SubscriptionResponse` (contract/src/subscription.ts)' }, owned: true },
  'DELETE /subscription/{id}': { tag: 'Subscription', summary: 'Cancel the subscription now', access: 'user', params: subscriptionIdParams, success: { status: 200, description: '`SubscriptionResponse` (contract/src/subscription.ts)' }, owned: true },

  'POST /stripe/webhook': { tag: 'Billing and referral', summary: "Stripe's events (subscriptions, invoices)", description: 'The raw bytes Stripe sent, checked against the Stripe-Signature header.', access: 'stripe_signature', success: { status: 200, description: '`WebhookResponse` (contract/src/billing.ts)' }, errors: ['invalid_argument', 'payload_too_large'] },
  'GET /stripe/payments_link': { tag: 'Billing and referral', summary: 'A Stripe Checkout link for a plan', access: 'user', limited: true, query: paymentsLinkQuery, success: { status: 200, description: '`BillingLinkResponse` (contract/src/billing.ts)' }, upstream: true, errors: ['conflict'] },
  'POST /stripe/embedded_payments_link': { tag: 'Billing and referral', summary: 'An embedded Stripe Checkout session for a plan', access: 'user', limited: true, body: embeddedPaymentsLinkBody, success: { status: 200, description: '`EmbeddedPaymentsLinkResponse` (contract/src/billing.ts)' }, upstream: true, errors: ['conflict'] },
  'GET /stripe/portal_link': { tag: 'Billing and referral', summary: "A link to Stripe's customer portal", access: 'user', limited: true, query: createCustomerBody, success: { status: 200, description: '`BillingLinkResponse` (contract/src/billing.ts)' }, upstream: true },
  'POST /stripe/create_customer': { tag: 'Billing and referral', summary: 'Make the caller a Stripe customer', access: 'user', limited: true, body: createCustomerBody, success: { status: 200, description: '`CreateCustomerResponse` (contract/src/billing.ts)' }, upstream: true },
  'POST /stripe/balance': { tag: 'Billing and referral', summary: "The caller's Stripe credit balance", access: 'user', limited: true, body: balanceBody, success: { status: 200, description: '`BalanceResponse` (contract/src/billing.ts)' }, upstream: true },
  'POST /referral/lookup_customer_name': { tag: 'Billing and referral', summary: 'Whose referral code it is (first name and last initial)', access: 'public', limited: true, body: lookupCustomerNameBody, success: { status: 200, description: '`LookupCustomerNameResponse` (contract/src/billing.ts)' }, owned: true },

  'GET /session/audio/{sessionId}': { tag: 'Sessions', summary: "The session's audio, for playback", description: 'One byte range (Range header) is answered with 206; a range past the end is 416 with Content-Range.', access: 'user', params: sessionIdBody, success: { status: 200, description: 'The audio bytes (206 for a byte range)', contentType: 'audio/*' }, owned: true, errors: ['range_not_satisfiable', 'deleted_by_retention'] },
  'POST /session/upload_audio': { tag: 'Sessions', summary: 'Upload audio, whole or in chunks', access: 'verified_user', limited: true, multipart: { fields: uploadAudioFields, file: true }, success: { status: 201, description: '`UploadReceipt`: the chunks received so far and the session they are for' }, owned: true, needsConsent: true, errors: ['conflict', 'unsupported_media_type'] },
  'POST /session/upload_by_checksum': { tag: 'Sessions', summary: 'Whether the caller uploaded this file (by its SHA-256) in the last 24 hours', description: 'Our extension: the latest of the caller\'s own uploads of the file whose session still exists, so the app asks before making a second session. Another user\'s uploads are never looked at.', access: 'user', body: uploadByChecksumBody, success: { status: 200, description: '`UploadMatchResponse`: `{ upload: UploadMatch | null }` (contract/src/sessions.ts)' } },
  'POST /session/create_session': { tag: 'Sessions', summary: 'Create a session', description: 'Form fields (multipart/form-data) or JSON.', access: 'verified_user', limited: true, body: createSessionBody, multipart: { fields: createSessionBody, file: false }, success: { status: 201, description: SESSION } },
  'POST /session/consent': { tag: 'Sessions', summary: "Record the patient's consent to this session's recording", access: 'user', body: recordConsentBody, success: { status: 200, description: SESSION }, owned: true },
  'POST /session/sessions': { tag: 'Sessions', summary: "A page of the caller's sessions", access: 'user', body: listSessionsBody, success: { status: 200, description: '`SessionsPage` (contract/src/sessions.ts)' } },
  'POST /session/session': { tag: 'Sessions', summary: 'One session', access: 'user', body: sessionIdBody, success: { status: 200, description: SESSION }, owned: true },
  'GET /session/get_last_five_sessions': { tag: 'Sessions', summary: "The caller's five latest sessions", access: 'user', success: { status: 200, description: '`{ sessions: Session[] }` (contract/src/sessions.ts)' } },
  'POST /session/update': { tag: 'Sessions', summary: "Change a session's details", access: 'user', body: updateSessionBody, success: { status: 200, description: SESSION }, owned: true, errors: ['conflict'] },
  'POST /session/update_title': { tag: 'Sessions', summary: 'Rename a session', access: 'user', body: updateTitleBody, success: { status: 200, description: SESSION }, owned: true },
  'POST /session/delete': { tag: 'Sessions', summary: 'Delete a session and everything of it', access: 'user', body: sessionIdBody, success: { status: 200, description: '`{ deleted: 1 }`' }, owned: true },
  'POST /session/delete_many': { tag: 'Sessions', summary: 'Delete several sessions', access: 'user', body: deleteManyBody, success: { status: 200, description: '`{ deleted: number }`' } },
  'POST /search/sessions_by_patient_name': { tag: 'Search', summary: 'Sessions whose patient name matches', access: 'user', body: searchByPatientNameBody, success: { status: 200, description: '`{ sessions: Session[] }` (contract/src/sessions.ts)' } },

  'POST /session/transcription': { tag: 'Transcripts', summary: "The session's transcript, once there is one", access: 'user', body: sessionIdBody, success: { status: 200, description: '`{ transcript: Transcript }` (contract/src/transcripts.ts)' }, owned: true, errors: ['deleted_by_retention'] },
  'POST /session/live_transcript': { tag: 'Transcripts', summary: 'The transcript so far of a session being recorded', access: 'user', limited: true, body: liveTranscriptBody, success: { status: 200, description: '`LiveTranscript` (contract/src/transcripts.ts)' }, owned: true },

  'POST /documentation/by_session': { tag: 'Documentation', summary: "A session's documentation", access: 'user', body: sessionIdBody, success: { status: 200, description: DOCUMENTATION }, owned: true },
  'POST /documentation/by_id': { tag: 'Documentation', summary: 'Documentation by its id', access: 'user', body: documentationIdBody, success: { status: 200, description: DOCUMENTATION }, owned: true },
  'GET /documentation/counter': { tag: 'Documentation', summary: 'How many notes the caller has had documented', access: 'user', query: counterQuery, success: { status: 200, description: '`{ count, from, to }`' } },
  'POST /session/documentation/section': { tag: 'Documentation', summary: 'One section of the documentation', access: 'user', body: sectionBody, success: { status: 200, description: '`{ section }` (contract/src/documentation.ts)' }, owned: true },
  'POST /session/documentation/section/versions': { tag: 'Documentation', summary: "A section's earlier versions", access: 'user', body: sectionVersionsBody, success: { status: 200, description: '`{ versions }` (contract/src/documentation.ts)' }, owned: true },
  'POST /session/documentation/section/update_value': { tag: 'Documentation', summary: "Save the clinician's text of a section", description: 'Sends the counter the page last saw: 409 conflict when the documentation changed since.', access: 'user', body: updateSectionValueBody, success: { status: 200, description: '`{ section, counter }`: the section after the change and the documentation\'s new counter (contract/src/documentation.ts)' }, owned: true, errors: ['conflict'] },
  'POST /session/documentation/section/restore': { tag: 'Documentation', summary: 'Restore an earlier version of a section', access: 'user', body: restoreSectionVersionBody, success: { status: 200, description: '`{ section, counter }`: the section after the change and the documentation\'s new counter (contract/src/documentation.ts)' }, owned: true, errors: ['conflict'] },
  'POST /session/documentation/confirm_fact': { tag: 'Documentation', summary: 'Confirm a fact the check flagged', access: 'user', body: confirmFactBody, success: { status: 200, description: '`{ section, counter }`: the section after the change and the documentation\'s new counter (contract/src/documentation.ts)' }, owned: true, errors: ['conflict'] },
  'POST /session/mark_done': { tag: 'Documentation', summary: 'Mark a session done (or not)', access: 'user', body: markDoneBody, success: { status: 200, description: SESSION }, owned: true },
  'POST /session/process': { tag: 'Documentation', summary: 'Transcribe and document the uploaded audio again', access: 'verified_user', limited: true, body: sessionIdBody, success: { status: 202, description: SESSION }, owned: true, errors: ['conflict', 'deleted_by_retention'] },
  'POST /session/regenerate_documentation': { tag: 'Documentation', summary: 'Write the documentation again, with a template', description: `${PROPOSE_FIRST} A proposal keeps the note's template and its sections (400 on templateId for another one).`, access: 'verified_user', limited: true, body: regenerateBody, success: { status: 200, description: DOCUMENTATION_OR_PROPOSAL }, owned: true, upstream: true, errors: ['conflict', 'replaces_edited_text'] },
  'POST /session/regenerate_documentation_section': { tag: 'Documentation', summary: 'Write one section again', description: PROPOSE_FIRST, access: 'verified_user', limited: true, body: regenerateSectionBody, success: { status: 200, description: SECTION_OR_PROPOSAL }, owned: true, upstream: true, errors: ['conflict', 'replaces_edited_text'] },
  'POST /session/customize_section': { tag: 'Documentation', summary: 'Write one section again, following instructions', description: PROPOSE_FIRST, access: 'user', limited: true, body: customizeSectionBody, success: { status: 200, description: SECTION_OR_PROPOSAL }, owned: true, upstream: true, errors: ['conflict', 'replaces_edited_text'] },
  'POST /session/magic_edit_documentation': { tag: 'Documentation', summary: 'Edit the whole documentation by an instruction', description: PROPOSE_FIRST, access: 'user', limited: true, body: magicEditDocumentationBody, success: { status: 200, description: DOCUMENTATION_OR_PROPOSAL }, owned: true, upstream: true, errors: ['conflict'] },
  'POST /session/magic_edit_section': { tag: 'Documentation', summary: 'Edit one section by an instruction', description: PROPOSE_FIRST, access: 'user', limited: true, body: magicEditSectionBody, success: { status: 200, description: SECTION_OR_PROPOSAL }, owned: true, upstream: true, errors: ['conflict'] },
  'POST /session/documentation/accept_proposal': { tag: 'Documentation', summary: 'Save an AI proposal the clinician accepted', description: 'The sections as proposed, with the counter the proposal was made from: 409 conflict when the documentation changed since (nothing saved). The text each section had is kept as a version.', access: 'user', body: acceptProposalBody, success: { status: 200, description: DOCUMENTATION }, owned: true, errors: ['conflict'] },
  'POST /creation': { tag: 'Creation', summary: 'A session documented from typed or pasted text', access: 'verified_user', limited: true, body: creationBody, success: { status: 201, description: '`{ session, documentation }`: the new session and its documentation' }, upstream: true },
  'POST /session/chat_with_session': {
    tag: 'Chat',
    summary: "Answer a question from the session's transcript and its note as it is now; both are kept in the session's chat",
    access: 'user',
    limited: true,
    body: chatBody,
    success: { status: 200, description: '`ChatExchange`: `{ question, message }`, the question as kept and the answer, with its cited segments and source (contract/src/chat.ts)' },
    owned: true,
    upstream: true,
    errors: ['conflict'],
  },
  'POST /session/chat_history': { tag: 'Chat', summary: "The session's kept chat, oldest first", access: 'user', body: chatHistoryBody, success: { status: 200, description: '`ChatHistory`: `{ messages, limit }` (contract/src/chat.ts)' }, owned: true },
  'POST /magic_fill/fill_html2': { tag: 'Magic fill', summary: "The fields an EHR page's HTML takes, filled from the documentation", access: 'user', limited: true, body: magicFillBody, success: { status: 200, description: '`MagicFillResponse` (contract/src/magic-fill.ts)' }, owned: true, upstream: true, errors: ['conflict'] },

  'POST /template/get_templates': { tag: 'Templates', summary: "A page of the caller's templates and the built-ins", access: 'user', body: getTemplatesBody, success: { status: 200, description: '`TemplatesPage` (contract/src/templates.ts)' } },
  'POST /template/get_template': { tag: 'Templates', summary: 'One template', access: 'user', body: templateIdBody, success: { status: 200, description: TEMPLATE }, owned: true },
  'POST /template/upsert_template': { tag: 'Templates', summary: 'Create or change a template', access: 'user', body: upsertTemplateBody, success: { status: 200, description: TEMPLATE }, owned: true, errors: ['conflict'] },
  'POST /template/delete_template': { tag: 'Templates', summary: 'Delete a template', access: 'user', body: templateIdBody, success: { status: 200, description: '`{ deleted: 1 }`' }, owned: true },
  'POST /template/preview_section': { tag: 'Templates', summary: 'What a section would write from a transcript', access: 'user', limited: true, body: previewSectionBody, success: { status: 200, description: '`{ content }`: the section as written' }, upstream: true },
  'POST /template/preview_template': { tag: 'Templates', summary: 'What a template would write from a transcript', access: 'user', limited: true, body: previewTemplateBody, success: { status: 200, description: '`{ sections }`: each section as written' }, upstream: true },
  'POST /template/generate_template_from_note': { tag: 'Templates', summary: 'A template drafted from an example note', access: 'user', limited: true, body: generateFromNoteBody, success: { status: 200, description: TEMPLATE }, upstream: true },
  'POST /template/help_me_write_section': { tag: 'Templates', summary: "A section's instructions drafted from its title", access: 'user', limited: true, body: helpMeWriteBody, success: { status: 200, description: '`{ instructions }`' }, upstream: true },
  'POST /template/share_template': { tag: 'Templates', summary: 'A share link for a template', access: 'user', body: templateIdBody, success: { status: 200, description: '`{ shareId, url }`' }, owned: true },
  'POST /template/published/list': { tag: 'Templates', summary: 'A page of the published library', access: 'user', body: listPublishedBody, success: { status: 200, description: '`LibraryPage` (contract/src/templates.ts)' } },
  'POST /template/published/get': { tag: 'Templates', summary: 'One published (or shared) template', access: 'user', body: publishedEntryBody, success: { status: 200, description: TEMPLATE }, owned: true },
  'POST /template/published/publish': { tag: 'Templates', summary: 'Publish a template to the library', access: 'user', body: publishBody, success: { status: 200, description: TEMPLATE }, owned: true, errors: ['conflict'] },
  'POST /template/published/unpublish': { tag: 'Templates', summary: 'Take a template out of the library', access: 'user', body: unpublishBody, success: { status: 200, description: '`{ unpublished: true }`' }, owned: true },
  'POST /template/published/report': { tag: 'Templates', summary: 'Report a library template', access: 'user', limited: true, body: reportPublishedBody, success: { status: 200, description: '`{ report }` (contract/src/templates.ts)' }, owned: true },
  'POST /template/published/add_to_library': { tag: 'Templates', summary: "Copy a published (or shared) template into the caller's templates", access: 'user', body: publishedEntryBody, success: { status: 200, description: TEMPLATE }, owned: true },

  'POST /session/share': { tag: 'Clinics', summary: 'Share one of your sessions with a colleague in your clinic (read-only)', description: 'The colleague is a member of the caller’s clinic, by uid (404 otherwise; 400 for the caller). Sharing again keeps one share. Docs: docs/clinics.md "Sharing a session".', access: 'user', body: shareSessionBody, success: { status: 201, description: '`{ share: SessionShare }` (contract/src/session-shares.ts)' }, owned: true },
  'POST /session/unshare': { tag: 'Clinics', summary: 'Stop sharing a session with a colleague', description: 'Answers the same when it was not shared.', access: 'user', body: shareSessionBody, success: { status: 200, description: '`{ removed: true }`' }, owned: true },
  'POST /session/shares': { tag: 'Clinics', summary: 'Whom one of your sessions is shared with', access: 'user', body: sessionIdBody, success: { status: 200, description: '`SessionSharesResponse` (contract/src/session-shares.ts)' }, owned: true },
  'GET /shared/sessions': { tag: 'Clinics', summary: 'Sessions colleagues in your clinic shared with you', description: 'Only while both are in the clinic the session was shared in; newest share first.', access: 'user', success: { status: 200, description: '`SharedWithMeResponse` (contract/src/session-shares.ts)' } },
  'POST /shared/session': { tag: 'Clinics', summary: 'Read a session shared with you: the session, its transcript and its note', description: '404 unless it is shared with the caller now, exactly as any session that is not theirs. Read-only: no route changes a session for anyone but its owner.', access: 'user', body: sessionIdBody, success: { status: 200, description: '`SharedSessionResponse` (contract/src/session-shares.ts)' }, owned: true },
  'GET /clinic': { tag: 'Clinics', summary: "The caller's clinic, role, members and (admins, owner) pending invitations", access: 'user', success: { status: 200, description: '`MyClinicResponse` (contract/src/clinics.ts); `{ clinic: null }` outside a clinic' } },
  'POST /clinic/create': { tag: 'Clinics', summary: 'Make a clinic; the caller becomes its owner', description: 'A clinician is in one clinic at most: 409 conflict when the caller is in one.', access: 'user', body: createClinicBody, success: { status: 201, description: MY_CLINIC }, errors: ['conflict'] },
  'POST /clinic/invitations/create': { tag: 'Clinics', summary: 'Invite an address by email (admins, owner; only the owner invites admins)', description: 'Mails a link to the web app\'s `/clinic/invitations/<token>`, valid 7 days; inviting the same address again replaces the pending invitation.', access: 'user', limited: true, body: inviteBody, success: { status: 201, description: '`{ invitation: ClinicInvitation }` (contract/src/clinics.ts)' }, owned: true, upstream: true, errors: ['permission_denied', 'conflict'] },
  'POST /clinic/invitations/revoke': { tag: 'Clinics', summary: 'Revoke a pending invitation (admins, owner)', access: 'user', body: invitationIdBody, success: { status: 200, description: '`{ invitation: ClinicInvitation }` (contract/src/clinics.ts)' }, owned: true, errors: ['permission_denied', 'conflict'] },
  'POST /clinic/invitations/get': { tag: 'Clinics', summary: "An invitation's clinic, role and state, by the link's token", access: 'user', body: invitationTokenBody, success: { status: 200, description: '`{ invitation: InvitationPreview }` (contract/src/clinics.ts)' }, owned: true },
  'POST /clinic/invitations/accept': { tag: 'Clinics', summary: 'Join the clinic an invitation is for', description: "The caller's verified email must be the invited address (else 403); 409 when it expired, was used, or the caller is in a clinic.", access: 'user', body: invitationTokenBody, success: { status: 200, description: MY_CLINIC }, owned: true, errors: ['permission_denied', 'conflict'] },
  'POST /clinic/members/set_role': { tag: 'Clinics', summary: "Change a member's role (owner); role owner hands the clinic on", access: 'user', body: setMemberRoleBody, success: { status: 200, description: MY_CLINIC }, owned: true, errors: ['permission_denied'] },
  'POST /clinic/members/remove': { tag: 'Clinics', summary: 'Remove a member (admins, owner; only the owner removes admins; never the owner)', access: 'user', body: memberUidBody, success: { status: 200, description: '`{ removed: true }`' }, owned: true, errors: ['permission_denied'] },
  'POST /clinic/leave': { tag: 'Clinics', summary: 'Leave the clinic', description: 'The owner hands the clinic on or deletes it instead (409 conflict).', access: 'user', success: { status: 200, description: '`{ left: true }`' }, owned: true, errors: ['conflict'] },
  'POST /clinic/delete': { tag: 'Clinics', summary: 'Delete the clinic (owner)', description: 'Memberships, invitations and the clinic library go; every member keeps their own sessions and templates.', access: 'user', body: deleteClinicBody, success: { status: 200, description: '`{ deleted: true }`' }, owned: true, errors: ['permission_denied'] },
  'POST /clinic/policies/set': { tag: 'Clinics', summary: "Set the clinic's consent, retention and sign-in policies (admins, owner)", description: 'Each policy sent replaces the old one (null: members choose again); one left out stays. In force for every member from their next request. A sign-in policy that refuses the caller\'s own sign-in answers 409 conflict. Docs: docs/clinics.md "Policies".', access: 'user', body: setClinicPoliciesBody, success: { status: 200, description: MY_CLINIC }, owned: true, errors: ['permission_denied', 'conflict'] },
  'POST /clinic/sso/set': { tag: 'Clinics', summary: "Claim the clinic's email domain for single sign-on with a Firebase Auth provider (admins, owner)", description: 'The caller\'s own verified address must be at the domain (403 otherwise, and for addresses anyone can get); a domain another clinic holds answers 409 conflict. From then on the sign-in page sends every address at the domain to the provider. Docs: docs/clinics.md "Single sign-on by domain".', access: 'user', body: setClinicSingleSignOnBody, success: { status: 200, description: MY_CLINIC }, owned: true, errors: ['permission_denied', 'conflict'] },
  'POST /clinic/sso/clear': { tag: 'Clinics', summary: "End the clinic's single sign-on and let its domain go (admins, owner)", access: 'user', success: { status: 200, description: MY_CLINIC }, owned: true, errors: ['permission_denied'] },
  'POST /clinic/billing/checkout': { tag: 'Clinics', summary: "A Stripe Checkout link for the clinic's plan, a seat per member (admins, owner)", description: 'While the clinic pays, every member is Pro, seats follow the members (prorated by Stripe), and a member\'s own plan ends with its unused days credited. 409 conflict when the clinic is on Pro already. Docs: docs/clinics.md "Seats and billing".', access: 'user', limited: true, body: clinicBillingBody, success: { status: 200, description: '`BillingLinkResponse` (contract/src/billing.ts)' }, owned: true, upstream: true, errors: ['permission_denied', 'conflict'] },
  'POST /clinic/billing/portal': { tag: 'Clinics', summary: "A link to Stripe's customer portal for the clinic's plan (admins, owner)", description: '409 conflict when the clinic has never had a plan.', access: 'user', limited: true, body: clinicBillingBody, success: { status: 200, description: '`BillingLinkResponse` (contract/src/billing.ts)' }, owned: true, upstream: true, errors: ['permission_denied', 'conflict'] },
  'POST /clinic/templates/list': { tag: 'Clinics', summary: "The clinic library (members)", access: 'user', success: { status: 200, description: '`ClinicTemplatesResponse` (contract/src/clinics.ts)' }, owned: true },
  'POST /clinic/templates/publish': { tag: 'Clinics', summary: "Publish one of the caller's templates to the clinic library (never the public one)", access: 'user', body: publishToClinicBody, success: { status: 200, description: '`{ template: ClinicTemplate }` (contract/src/clinics.ts)' }, owned: true, errors: ['permission_denied'] },
  'POST /clinic/templates/add': { tag: 'Clinics', summary: "Copy a clinic template into the caller's templates", access: 'user', body: clinicTemplateIdBody, success: { status: 200, description: TEMPLATE }, owned: true, errors: ['permission_denied'] },
  'POST /clinic/templates/remove': { tag: 'Clinics', summary: 'Take a template out of the clinic library (its author, admins, owner)', access: 'user', body: clinicTemplateIdBody, success: { status: 200, description: '`{ removed: true }`' }, owned: true, errors: ['permission_denied'] },

  'POST /export': { tag: 'Data export', summary: "Start an export of the caller's data", description: '202 when a new export started, 200 with the one already running; 503 when a burst of starts kept colliding and none has committed yet (try again).', access: 'user', limited: true, success: { status: 202, description: '`DataExportResponse` (contract/src/data-export.ts)' }, errors: ['unavailable'] },
  'GET /export/latest': { tag: 'Data export', summary: "The caller's latest export", access: 'user', success: { status: 200, description: '`LatestDataExportResponse` (contract/src/data-export.ts)' } },
  'GET /export/{exportId}': { tag: 'Data export', summary: 'One export', access: 'user', params: dataExportParams, success: { status: 200, description: '`DataExportResponse` (contract/src/data-export.ts)' }, owned: true },
  'GET /export/download/{exportId}': { tag: 'Data export', summary: "Download an export's archive", access: 'download_token', limited: true, params: dataExportParams, query: dataExportDownloadQuery, success: { status: 200, description: 'The archive', contentType: 'application/zip' }, owned: true },

  'POST /audit/entries': { tag: 'Audit', summary: "A page of the caller's activity", access: 'user', body: auditEntriesBody, success: { status: 200, description: '`AuditEntriesPage` (contract/src/audit.ts)' } },
  'GET /audit/entries.csv': { tag: 'Audit', summary: "The caller's activity as CSV", access: 'user', limited: true, query: auditExportQuery, success: { status: 200, description: 'CSV, one entry a row', contentType: 'text/csv' } },
  'POST /audit/event': { tag: 'Audit', summary: 'Report an event only the client sees', access: 'user', limited: true, body: auditEventBody, success: { status: 202, description: '`AuditEventResponse` (contract/src/audit.ts)' } },
  'POST /audit/account_event': { tag: 'Audit', summary: 'Report a failed sign-in or a password reset', description: 'Before anyone is signed in: limited per client address, recorded for the account only.', access: 'public', limited: true, body: accountEventBody, success: { status: 202, description: '`AuditEventResponse` (contract/src/audit.ts)' } },
};
