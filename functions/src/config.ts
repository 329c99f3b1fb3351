/** Runtime settings of the API, read once from the environment (functions/.env in deployment). */
export interface AppConfig {
  /** Browser origins allowed to call the API cross-origin; the app itself is same-origin behind Hosting. */
  corsOrigins: readonly string[];
  /** JSON request bodies above this are refused with 413 (magic_fill sends up to 1 MB of HTML). */
  jsonBodyLimitBytes: number;
}

const LOCAL_ORIGINS = ['http://localhost:5000', 'http://127.0.0.1:5000', 'http://localhost:5173', 'http://127.0.0.1:5173'];

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const origins = env['CORS_ORIGINS']?.split(',').map((o) => o.trim()).filter(Boolean);
  return {
    corsOrigins: origins && origins.length > 0 ? origins : LOCAL_ORIGINS,
    jsonBodyLimitBytes: 1_536 * 1024,
  };
}
