// Shared with the Record tab, so the list lives in config/; re-exported here for the profile form.
export { DOCUMENTATION_LANGUAGES, FALLBACK_LANGUAGE } from '@/config/languages';
