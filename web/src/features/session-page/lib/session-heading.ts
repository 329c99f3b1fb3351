import { titleWithoutDefaultDate, type Session } from '@charta/contract';

/**
 * What names the session at the top of its page: its title, less the date a default title ends with (the
 * page shows the date once, under it), so "María García · 21 Nov 2026" reads "María García" and a narrow
 * screen never cuts the heading mid-date.
 */
export function sessionHeading(session: Pick<Session, 'title' | 'createdAt'>): string {
  return titleWithoutDefaultDate(session);
}
