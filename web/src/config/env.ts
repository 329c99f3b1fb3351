// Build-time configuration. Vite inlines VITE_* variables when the app is built, so a missing one is a
// deployment mistake: main.tsx checks parseEnv() before anything else and shows every problem at once on a
// readable page, instead of the app failing later on a blank screen.

export interface Env {
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    appId: string;
  };
  /** Origin of the API, without a trailing slash; '' means same-origin (Hosting rewrites /api/**). */
  apiBaseUrl: string;
  /** Auth calls go to the local Auth emulator instead of Google. */
  useEmulators: boolean;
  authEmulatorUrl: string;
  /** The app runs inside a browser extension: always the compact (mobile) layout, no URL bar. */
  extensionMode: boolean;
  legalLinks: {
    termsUrl: string;
    privacyUrl: string;
    baaUrl: string;
  };
  /** Off unless explicitly 'true': no analytics code is loaded while off. */
  analyticsEnabled: boolean;
  /** What the analytics build loads (both null while analytics is off); see lib/analytics. */
  analytics: {
    /** A Google Tag Manager container (GTM-...), loaded on signed-out pages only; null: no tag manager. */
    tagManagerId: string | null;
    /** posthog-js's project key and our own host for it (a reverse proxy); null: no product analytics. */
    productAnalytics: { projectKey: string; apiHost: string } | null;
  };
  signIn: {
    /** An `oidc.*` or `saml.*` Firebase Auth provider id: "Sign in with your organisation" appears only when set. */
    ssoProviderId: string | null;
    /** The local mail catcher's page, named on "check your inbox" in emulator builds; '' when not set. */
    mailCatcherUrl: string;
  };
  billing: {
    /** Stripe's publishable key (pk_...), for embedded Checkout in production; '' when billing is not set up. */
    stripePublishableKey: string;
    /** The local Stripe emulator, whose checkout page stands in for Stripe's embedded one in emulator builds. */
    stripeEmulatorUrl: string;
  };
}

export interface EnvProblem {
  name: string;
  problem: string;
}

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: EnvProblem[] };

type RawEnv = Record<string, unknown>;

export const REQUIRED_ENV_VARS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
] as const;

// Same-origin placeholders shipped in web/public/legal; a deployment points these at its real documents.
const DEFAULT_LEGAL_LINKS = {
  termsUrl: '/legal/terms.html',
  privacyUrl: '/legal/privacy.html',
  baaUrl: '/legal/baa.html',
};

const DEFAULT_AUTH_EMULATOR_URL = 'http://127.0.0.1:9099';
const DEFAULT_STRIPE_EMULATOR_URL = 'http://127.0.0.1:12111';

function readString(raw: RawEnv, name: string): string {
  const value = raw[name];
  return typeof value === 'string' ? value.trim() : '';
}

function readFlag(raw: RawEnv, name: string, problems: EnvProblem[]): boolean {
  const value = readString(raw, name).toLowerCase();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  problems.push({ name, problem: `must be "true" or "false" (got "${value}")` });
  return false;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function readUrl(raw: RawEnv, name: string, fallback: string, problems: EnvProblem[], allowPath: boolean): string {
  const value = readString(raw, name);
  if (value === '') return fallback;
  if (isHttpUrl(value) || (allowPath && value.startsWith('/') && !value.startsWith('//'))) return value;
  problems.push({ name, problem: `must be an http(s) URL${allowPath ? ' or a path starting with /' : ''} (got "${value}")` });
  return fallback;
}

// A secret key (sk_/rk_) in a web build would be published to every visitor: refuse the build's config.
function readPublishableKey(raw: RawEnv, problems: EnvProblem[]): string {
  const name = 'VITE_STRIPE_PUBLISHABLE_KEY';
  const value = readString(raw, name);
  if (value === '' || value.startsWith('pk_')) return value;
  problems.push({ name, problem: 'must be a Stripe publishable key (pk_...), never a secret one' });
  return '';
}

const TAG_MANAGER_ID = /^GTM-[A-Z0-9]+$/;

// Read only when the analytics flag is on: a build without analytics needs none of these.
function readAnalytics(raw: RawEnv, enabled: boolean, problems: EnvProblem[]): Env['analytics'] {
  if (!enabled) return { tagManagerId: null, productAnalytics: null };
  const tagManagerId = readString(raw, 'VITE_GTM_ID');
  if (tagManagerId !== '' && !TAG_MANAGER_ID.test(tagManagerId)) problems.push({ name: 'VITE_GTM_ID', problem: `must be a container id like GTM-ABC123 (got "${tagManagerId}")` });
  const projectKey = readString(raw, 'VITE_POSTHOG_KEY');
  const apiHost = readUrl(raw, 'VITE_POSTHOG_HOST', '', problems, false).replace(/\/+$/, '');
  if (projectKey !== '' && apiHost === '') problems.push({ name: 'VITE_POSTHOG_HOST', problem: 'is missing: product analytics goes to our own host, never a default one' });
  return {
    tagManagerId: TAG_MANAGER_ID.test(tagManagerId) ? tagManagerId : null,
    productAnalytics: projectKey !== '' && apiHost !== '' ? { projectKey, apiHost } : null,
  };
}

// Firebase Auth tells the protocol by the id's prefix (the Auth emulator accepts any oidc.* or saml.* id).
const SSO_PROVIDER_ID = /^(oidc|saml)\.[A-Za-z0-9._-]+$/;

function readSsoProviderId(raw: RawEnv, problems: EnvProblem[]): string | null {
  const name = 'VITE_SSO_PROVIDER_ID';
  const value = readString(raw, name);
  if (value === '') return null;
  if (SSO_PROVIDER_ID.test(value)) return value;
  problems.push({ name, problem: `must be a Firebase provider id starting with "oidc." or "saml." (got "${value}")` });
  return null;
}

export function parseEnv(raw: RawEnv): EnvResult {
  const problems: EnvProblem[] = [];
  for (const name of REQUIRED_ENV_VARS) {
    if (readString(raw, name) === '') problems.push({ name, problem: 'is missing' });
  }

  const apiBaseUrl = readUrl(raw, 'VITE_API_BASE_URL', '', problems, false).replace(/\/+$/, '');
  const analyticsEnabled = readFlag(raw, 'VITE_ENABLE_ANALYTICS', problems);
  const env: Env = {
    firebase: {
      apiKey: readString(raw, 'VITE_FIREBASE_API_KEY'),
      authDomain: readString(raw, 'VITE_FIREBASE_AUTH_DOMAIN'),
      projectId: readString(raw, 'VITE_FIREBASE_PROJECT_ID'),
      appId: readString(raw, 'VITE_FIREBASE_APP_ID'),
    },
    apiBaseUrl,
    useEmulators: readFlag(raw, 'VITE_USE_EMULATORS', problems),
    authEmulatorUrl: readUrl(raw, 'VITE_AUTH_EMULATOR_URL', DEFAULT_AUTH_EMULATOR_URL, problems, false),
    extensionMode: readFlag(raw, 'VITE_EXTENSION_MODE', problems),
    legalLinks: {
      termsUrl: readUrl(raw, 'VITE_TERMS_URL', DEFAULT_LEGAL_LINKS.termsUrl, problems, true),
      privacyUrl: readUrl(raw, 'VITE_PRIVACY_URL', DEFAULT_LEGAL_LINKS.privacyUrl, problems, true),
      baaUrl: readUrl(raw, 'VITE_BAA_URL', DEFAULT_LEGAL_LINKS.baaUrl, problems, true),
    },
    analyticsEnabled,
    analytics: readAnalytics(raw, analyticsEnabled, problems),
    signIn: {
      ssoProviderId: readSsoProviderId(raw, problems),
      mailCatcherUrl: readUrl(raw, 'VITE_MAIL_CATCHER_URL', '', problems, false).replace(/\/+$/, ''),
    },
    billing: {
      stripePublishableKey: readPublishableKey(raw, problems),
      stripeEmulatorUrl: readUrl(raw, 'VITE_STRIPE_EMULATOR_URL', DEFAULT_STRIPE_EMULATOR_URL, problems, false).replace(/\/+$/, ''),
    },
  };

  return problems.length > 0 ? { ok: false, problems } : { ok: true, env };
}

export function describeEnvProblems(problems: EnvProblem[]): string {
  return problems.map(({ name, problem }) => `${name} ${problem}`).join('; ');
}

/**
 * The validated configuration. Read lazily (never at module load) so that main.tsx can show the
 * configuration error page before any module tries to use a broken configuration.
 */
export function getEnv(): Env {
  const result = parseEnv(import.meta.env);
  if (!result.ok) throw new Error(`Invalid build configuration: ${describeEnvProblems(result.problems)}`);
  return result.env;
}
