import { auditConfigFromEnv, type AuditConfig } from './audit/audit-config.js';
import { billingConfigFromEnv, type BillingConfig } from './billing/billing-config.js';
import { limitsConfigFromEnv, type LimitsConfig } from './limits/limits-config.js';
import { mailConfigFromEnv, type MailConfig } from './mail/mail-config.js';
import { libraryConfigFromEnv, type LibraryConfig } from './templates/library-config.js';
import { transcriptionConfigFromEnv, type TranscriptionConfig } from './transcription/transcription-config.js';

/** Runtime settings of the API, read once from the environment (functions/.env in deployment). */
export interface AppConfig {
  /**
   * Browser origins allowed to call the API cross-origin. The app itself is same-origin (behind Hosting, and
   * behind Vite's proxy in development), so none are needed: unset, no other origin is allowed (fails closed).
   */
  corsOrigins: readonly string[];
  /** JSON request bodies above this are refused with 413 (magic_fill sends up to 1 MB of HTML). */
  jsonBodyLimitBytes: number;
  /**
   * How many proxies in front of the API append to X-Forwarded-For, whose entries Express may then trust
   * (`trust proxy`): the client address is the entry that many places from the right. 2 in deployment:
   * Firebase Hosting appends the client's address, then Google's front end of the function (Cloud Run)
   * appends Hosting's. Whatever a client sends itself sits left of those and is never taken. 0 where
   * nothing appends (the emulators' proxies pass the header through as the client sent it).
   */
  trustProxyHops: number;
  /**
   * The web app's public origin (`https://app.example.com`): links the API hands out (template share links)
   * are built on it, never on the request's Host header, which a client chooses. Unset: the Hosting site's
   * default domain (`https://<project>.web.app`), or `http://localhost:5000` under the emulators.
   */
  appUrl: string;
  limits: LimitsConfig;
  /** Stripe, prices, the free plan's limit, the trial and the referral credit (billing/billing-config.ts). */
  billing: BillingConfig;
  /** SMTP relay and sender (mail/mail-config.ts). */
  mail: MailConfig;
  /** The community library's moderation: reports that hide an entry (templates/library-config.ts). */
  library: LibraryConfig;
  /** Windows of a recording and a pipeline run's time (transcription/transcription-config.ts). */
  transcription: TranscriptionConfig;
  /** How long audit entries are kept and the key client addresses are hashed under (audit/audit-config.ts). */
  audit: AuditConfig;
  /**
   * The key one-time codes and the addresses they were sent to are stored under (HMAC-SHA256),
   * `OTP_HMAC_SECRET`: at least 32 characters, random (`openssl rand -base64 48`), a Secret Manager secret
   * in production. Unset outside production, sign-in by code answers 503; the README commands set a fixed
   * development key. Changing it kills every code not yet used, nothing else.
   */
  oneTimeCodeSecret: string | undefined;
}

const DEFAULT_TRUST_PROXY_HOPS = 2;

function appUrlOf(env: NodeJS.ProcessEnv): string {
  const value = env['CHARTA_APP_URL'];
  if (value) return parseAppUrl(value);
  if (env['FUNCTIONS_EMULATOR'] === 'true') return 'http://localhost:5000';
  const project = env['GCLOUD_PROJECT'];
  if (project) return `https://${project}.web.app`;
  throw new Error('CHARTA_APP_URL is not set and there is no project to take the Hosting domain from');
}

function parseAppUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`CHARTA_APP_URL must be an absolute http(s) URL, not "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`CHARTA_APP_URL must be http(s), not "${value}"`);
  return url.origin;
}

function parseHops(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_TRUST_PROXY_HOPS;
  const hops = Number(value);
  if (!Number.isSafeInteger(hops) || hops < 0 || hops > 10) throw new Error(`TRUST_PROXY_HOPS must be a whole number from 0 to 10, not "${value}"`);
  return hops;
}

const MIN_OTP_SECRET_LENGTH = 32;

/** Serving deployed (Cloud Run sets K_SERVICE; the Functions emulator sets it too, and says it is one). */
const isProduction = (env: NodeJS.ProcessEnv) => Boolean(env['K_SERVICE']) && env['FUNCTIONS_EMULATOR'] !== 'true';

function oneTimeCodeSecretOf(env: NodeJS.ProcessEnv): string | undefined {
  const secret = env['OTP_HMAC_SECRET'] || undefined;
  if (secret === undefined && isProduction(env)) throw new Error('OTP_HMAC_SECRET is not set: sign-in codes need a server key');
  if (secret !== undefined && secret.length < MIN_OTP_SECRET_LENGTH) throw new Error(`OTP_HMAC_SECRET must be at least ${MIN_OTP_SECRET_LENGTH} characters`);
  return secret;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const origins = env['CORS_ORIGINS']?.split(',').map((o) => o.trim()).filter(Boolean) ?? [];
  return {
    corsOrigins: origins,
    jsonBodyLimitBytes: 1_536 * 1024,
    trustProxyHops: parseHops(env['TRUST_PROXY_HOPS']),
    appUrl: appUrlOf(env),
    limits: limitsConfigFromEnv(env),
    billing: billingConfigFromEnv(env, isProduction(env)),
    mail: mailConfigFromEnv(env, isProduction(env)),
    library: libraryConfigFromEnv(env),
    transcription: transcriptionConfigFromEnv(env),
    audit: auditConfigFromEnv(env, isProduction(env)),
    oneTimeCodeSecret: oneTimeCodeSecretOf(env),
  };
}
