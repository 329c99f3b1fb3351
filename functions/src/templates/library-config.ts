/** Settings of the community library's moderation, read once from the environment with the rest of AppConfig. */
export interface LibraryConfig {
  /**
   * How many different users must report an entry before it is hidden until an operator reviews it
   * (`LIBRARY_REPORTS_TO_HIDE`, default 3). One report hides nothing: a single user, or a rival author,
   * cannot take an entry down alone; three independent reports of a library of clinicians are a signal.
   */
  reportsToHide: number;
}

export const LIBRARY_REPORTS_TO_HIDE_ENV = 'LIBRARY_REPORTS_TO_HIDE';

export const DEFAULT_LIBRARY_CONFIG: LibraryConfig = { reportsToHide: 3 };

/** Throws with the variable's name on anything but a whole number from 1 to 100, so a typo fails the start. */
export function libraryConfigFromEnv(env: NodeJS.ProcessEnv): LibraryConfig {
  const value = env[LIBRARY_REPORTS_TO_HIDE_ENV];
  if (value === undefined || value === '') return DEFAULT_LIBRARY_CONFIG;
  const reportsToHide = Number(value);
  if (!Number.isSafeInteger(reportsToHide) || reportsToHide < 1 || reportsToHide > 100) {
    throw new Error(`${LIBRARY_REPORTS_TO_HIDE_ENV} must be a whole number from 1 to 100, not "${value}"`);
  }
  return { reportsToHide };
}
