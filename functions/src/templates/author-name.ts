/** What the library and share links need to know about people: the name an author chose to show. */
export interface AuthorNames {
  displayNameOf(uid: string): Promise<string | null>;
}

/** Shown when an author has set no display name. Emails are never shown in their place. */
export const ANONYMOUS_AUTHOR = 'A Charta clinician';

/** The profile's display name, else the name on the sign-in token, else anonymous. */
export async function authorNameOf(authors: AuthorNames, uid: string, fallback: string | null): Promise<string> {
  return (await authors.displayNameOf(uid))?.trim() || fallback?.trim() || ANONYMOUS_AUTHOR;
}
