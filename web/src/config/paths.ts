// Every in-app link is built here, so a route can move without hunting string literals.

/** Only same-app paths may be redirect targets: never another origin ("//evil.example", "https://..."). */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return paths.record.getHref();
  return value;
}

function withRedirect(path: string, redirectTo: string | undefined): string {
  if (!redirectTo || redirectTo === '/') return path;
  return `${path}?${new URLSearchParams({ redirect: redirectTo }).toString()}`;
}

export const paths = {
  record: {
    path: '/',
    getHref: () => '/',
  },
  sessions: {
    path: '/sessions',
    getHref: () => '/sessions',
  },
  session: {
    path: '/sessions/:sessionId',
    getHref: (sessionId: string) => `/sessions/${encodeURIComponent(sessionId)}`,
  },
  /** Sessions colleagues in the clinic shared with me, read-only (docs/clinics.md "Sharing a session"). */
  sharedSessions: {
    path: '/shared',
    getHref: () => '/shared',
  },
  sharedSession: {
    path: '/shared/:sessionId',
    getHref: (sessionId: string) => `/shared/${encodeURIComponent(sessionId)}`,
  },
  templates: {
    path: '/templates',
    getHref: () => '/templates',
  },
  templateNew: {
    path: '/templates/new',
    getHref: () => '/templates/new',
  },
  templateFromNote: {
    path: '/templates/from-note',
    getHref: () => '/templates/from-note',
  },
  templateLibrary: {
    path: '/templates/library',
    getHref: () => '/templates/library',
  },
  sharedTemplate: {
    path: '/templates/shared/:shareId',
    getHref: (shareId: string) => `/templates/shared/${encodeURIComponent(shareId)}`,
  },
  template: {
    path: '/templates/:templateId',
    getHref: (templateId: string) => `/templates/${encodeURIComponent(templateId)}`,
  },
  settings: {
    path: '/settings',
    getHref: () => '/settings',
  },
  activity: {
    path: '/settings/activity',
    getHref: () => '/settings/activity',
  },
  /** Clinic settings: the clinic, its members and invitations (docs/clinics.md "Screens"). */
  clinicSettings: {
    path: '/clinic',
    getHref: () => '/clinic',
  },
  /** Where a clinic invitation email's link lands (functions/src/clinics/invitation-email.ts mails this path). */
  clinicInvitation: {
    path: '/clinic/invitations/:token',
    getHref: (token: string) => `/clinic/invitations/${encodeURIComponent(token)}`,
  },
  billing: {
    path: '/billing',
    getHref: () => '/billing',
  },
  signIn: {
    path: '/sign-in',
    getHref: (redirectTo?: string) => withRedirect('/sign-in', redirectTo),
  },
  /** Where the links in account emails land (Firebase Auth's custom action URL): reset, verify, sign in. */
  emailAction: {
    path: '/auth/action',
    getHref: () => '/auth/action',
  },
  signUp: {
    path: '/sign-up',
    getHref: (redirectTo?: string) => withRedirect('/sign-up', redirectTo),
    /** The link a clinician shares to invite a colleague (the sign-up page remembers the code). */
    getReferralHref: (referralCode: string) => `/sign-up?${new URLSearchParams({ ref: referralCode }).toString()}`,
  },
} as const;
