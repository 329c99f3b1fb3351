import { DEFAULT_LANGUAGE } from '@charta/contract';

/** Languages a session can be documented in, as BCP-47 tags (the API stores the tag). */
export const DOCUMENTATION_LANGUAGES = [
  { tag: 'en-US', label: 'English (United States)' },
  { tag: 'en-GB', label: 'English (United Kingdom)' },
  { tag: 'es-ES', label: 'Spanish (Spain)' },
  { tag: 'es-MX', label: 'Spanish (Mexico)' },
  { tag: 'fr-FR', label: 'French (France)' },
  { tag: 'de-DE', label: 'German (Germany)' },
  { tag: 'pt-BR', label: 'Portuguese (Brazil)' },
  { tag: 'it-IT', label: 'Italian (Italy)' },
  { tag: 'nl-NL', label: 'Dutch (Netherlands)' },
] as const;

/** What the API assumes when a profile has no default language: the contract's default. */
export const FALLBACK_LANGUAGE = DEFAULT_LANGUAGE;

/** The list with `current` added when it is a tag we do not list (set by another client), so it stays selectable. */
export function languagesIncluding(current: string): readonly { tag: string; label: string }[] {
  return DOCUMENTATION_LANGUAGES.some(({ tag }) => tag === current)
    ? DOCUMENTATION_LANGUAGES
    : [...DOCUMENTATION_LANGUAGES, { tag: current, label: current }];
}
