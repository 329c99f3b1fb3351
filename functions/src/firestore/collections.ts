/** Firestore collection names, in one place (the rules file names the same ones). */
export const COLLECTIONS = {
  profiles: 'profiles',
  subscriptions: 'subscriptions',
  sessions: 'sessions',
  audioUploads: 'audioUploads',
  transcripts: 'transcripts',
  documentation: 'documentation',
  /**
   * A session's chat (`sessionChats/{sessionId}`, ownerUid): its questions and answers, kept up to a limit;
   * deleted with the session, with its transcript by retention, and with the account.
   */
  sessionChats: 'sessionChats',
  /** Templates users made or copied (built-ins live in code); owned through ownerUid. */
  templates: 'templates',
  /** The community library: published snapshots, with an `adders/{uid}` marker per user who added one. */
  publishedTemplates: 'publishedTemplates',
  /** Share links of templates (`templateShares/{shareId}`), with `adders/{uid}` markers too. */
  templateShares: 'templateShares',
  /**
   * Reports of library entries, one per user per entry (`libraryReports/{publishedTemplateId}_{uid}`, create-only),
   * naming the reporter by `uid` (account deletion's sweep removes them).
   */
  libraryReports: 'libraryReports',
  /** Clinics (`clinics/{clinicId}`): the name only; who is in one and with what role is in clinicMembers. */
  clinics: 'clinics',
  /**
   * Membership (`clinicMembers/{uid}`): keyed by the member's uid, so a clinician is in at most one clinic, and
   * a request reads its caller's membership with one get (docs/clinics.md).
   */
  clinicMembers: 'clinicMembers',
  /** Invitations to a clinic (`clinicInvitations/{id}`): the invited address, the role, a hash of the link's token. */
  clinicInvitations: 'clinicInvitations',
  /** A clinic's library (`clinicTemplates/{clinicId}_{templateId}`): snapshots its members published; authorUid. */
  clinicTemplates: 'clinicTemplates',
  /**
   * A clinic's claim on an email domain for single sign-on (`clinicDomains/{domain}`: clinicId, providerId), one
   * clinic a domain; read by the public sign-in lookup. Deleted with the clinic or when it changes its domain.
   */
  clinicDomains: 'clinicDomains',
  /**
   * A session shared by its owner with a colleague of the same clinic (`sessionShares/{sessionId}_{colleagueUid}`,
   * ownerUid, colleagueUid, clinicId; ids only): read-only access for the colleague while both are in that clinic.
   * Deleted with the session, when either leaves the clinic or it is deleted, and with either account.
   */
  sessionShares: 'sessionShares',
  /** The outbox of pipeline events ("audio ready"), consumed by a Firestore trigger. */
  pipelineEvents: 'pipelineEvents',
  /**
   * A session being deleted (`sessionDeletions/{sessionId}`): its document went first, this names what it
   * owned until that is gone too, so a deletion stopped half-way is finished by a retry or account deletion.
   */
  sessionDeletions: 'sessionDeletions',
  /** Stripe webhook events handled (`stripeEvents/{eventId}`), so a redelivery is a no-op; `expiresAt` has a TTL policy. */
  stripeEvents: 'stripeEvents',
  /**
   * One checkout at a time per user (`checkoutLeases/{uid}`, ids only), held for the few seconds it asks Stripe;
   * `expiresAt` has a TTL policy for a lease a crashed request left.
   */
  checkoutLeases: 'checkoutLeases',
  /** A referrer's credit for a referred user's first paid invoice (`referralCredits/{referredUid}`): once per referred user. */
  referralCredits: 'referralCredits',
  /**
   * The people whose referral was credited (`referralLedger/{keyed hash of a normalized email or a card
   * fingerprint}`), so a person earns their referrer one credit ever. Names no user and holds no personal
   * data, so account deletion keeps it on purpose (docs/billing.md "Billing and referrals").
   */
  referralLedger: 'referralLedger',
  /**
   * Where the daily retention sweep is (`retentionSweeps/daily`): the pass under way, the last user it finished
   * (an id), and the run holding it; so a run killed half-way is resumed by the next (docs/privacy.md "Retention").
   */
  retentionSweeps: 'retentionSweeps',
  /** Rate-limit counters, one per rule, subject and window; `expiresAt` has a TTL policy. */
  rateLimits: 'rateLimits',
  /**
   * The latest sign-in code sent to each email address (`oneTimeCodes/{keyed hash of the address}`), as a
   * keyed hash only; `expiresAt` has a TTL policy.
   */
  oneTimeCodes: 'oneTimeCodes',
  /** Guess places and the use mark of those codes (create-only, ids only); `expiresAt` has a TTL policy. */
  oneTimeCodeGuesses: 'oneTimeCodeGuesses',
  /**
   * The audit trail (`auditTrail/{id}`, create-only, ids only): who did what to which resource, when and from
   * where. Names its user by `actorUid`, which account deletion does not sweep: entries are kept six years
   * after the account too (docs/privacy.md "Audit trail"); `expiresAt` has a TTL policy.
   */
  auditTrail: 'auditTrail',
  /**
   * "Download my data" (`dataExports/{exportId}`, ownerUid): one export's progress and, once built, its link's
   * token and expiry. Its creation is the background build's event (a Firestore trigger, like pipelineEvents).
   */
  dataExports: 'dataExports',
  /**
   * The user's last export start (`dataExportStarts/{uid}`, ids only). Starting an export reads and writes it in
   * the same transaction, so two racing starts contend on one document and the second sees the first's export:
   * a query alone does not stop two transactions that both found nothing from both creating.
   */
  dataExportStarts: 'dataExportStarts',
} as const;
