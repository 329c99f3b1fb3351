import { AUDIT_RETENTION } from '@charta/contract';

/** The audit trail's settings, read once from the environment with the rest of AppConfig (config.ts). */
export interface AuditConfig {
  /**
   * How long an entry is kept (`AUDIT_RETENTION_YEARS`, default and minimum 6: HIPAA keeps documentation of
   * its required activities six years, 45 CFR 164.316(b)(2)). A Firestore TTL policy deletes an entry once
   * its `expiresAt` has passed. Changing it applies to entries written from then on.
   */
  retentionYears: number;
  /**
   * The key client addresses are hashed under (`AUDIT_HMAC_SECRET`, HMAC-SHA256): at least 32 characters,
   * random (`openssl rand -base64 48`), a Secret Manager secret in production, where the API does not start
   * without it. Keyed rather than a plain hash: IPv4 has only four billion addresses, so a plain hash is
   * reversed by trying them all. Unset elsewhere, entries hold no address hash; the README commands set a
   * fixed development key. Changing it makes the same address hash differently from then on.
   */
  addressKey: string | undefined;
}

export const AUDIT_RETENTION_ENV = 'AUDIT_RETENTION_YEARS';
export const AUDIT_HMAC_SECRET_ENV = 'AUDIT_HMAC_SECRET';
const MIN_SECRET_LENGTH = 32;

/** Throws with the variable's name on a malformed setting, so a typo stops the API at start. */
export function auditConfigFromEnv(env: NodeJS.ProcessEnv, production: boolean): AuditConfig {
  const years = env[AUDIT_RETENTION_ENV];
  let retentionYears: number = AUDIT_RETENTION.defaultYears;
  if (years !== undefined && years !== '') {
    retentionYears = Number(years);
    if (!/^[0-9]+$/.test(years) || retentionYears < AUDIT_RETENTION.minYears || retentionYears > AUDIT_RETENTION.maxYears) {
      throw new Error(`${AUDIT_RETENTION_ENV} must be a whole number of years from ${AUDIT_RETENTION.minYears} (HIPAA's six years) to ${AUDIT_RETENTION.maxYears}, not "${years}"`);
    }
  }
  const addressKey = env[AUDIT_HMAC_SECRET_ENV] || undefined;
  if (addressKey === undefined && production) throw new Error(`${AUDIT_HMAC_SECRET_ENV} is not set: the audit trail needs a server key to hash client addresses`);
  if (addressKey !== undefined && addressKey.length < MIN_SECRET_LENGTH) throw new Error(`${AUDIT_HMAC_SECRET_ENV} must be at least ${MIN_SECRET_LENGTH} characters`);
  return { retentionYears, addressKey };
}
