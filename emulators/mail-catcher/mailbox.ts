// The mail the catcher received over SMTP, newest first, in memory only (it is a local stand-in; a restart
// empties it). Bounded, so a long `npm start` session does not grow without end.

export interface CaughtMessage {
  id: string;
  /** Every recipient, lower-cased: the SMTP envelope's and the To header's. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  receivedAt: string;
}

const MAX_MESSAGES = 500;

export class Mailbox {
  private messages: CaughtMessage[] = [];
  private nextId = 1;

  add(message: Omit<CaughtMessage, 'id'>): CaughtMessage {
    const caught = { id: String(this.nextId++), ...message };
    this.messages.unshift(caught);
    this.messages.length = Math.min(this.messages.length, MAX_MESSAGES);
    return caught;
  }

  /** Newest first; only those addressed to `to` (any case) when given. */
  list(to?: string): CaughtMessage[] {
    const wanted = to?.trim().toLowerCase();
    return wanted ? this.messages.filter((m) => m.to.includes(wanted)) : [...this.messages];
  }

  clear(): void {
    this.messages = [];
  }
}
