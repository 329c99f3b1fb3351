// Reports to the audit trail what only the browser sees (docs/privacy.md "Audit trail"): a note copied, printed or
// exported, an EHR page filled, a sign-out (POST /audit/event, signed in); a failed sign-in or a password
// reset (POST /audit/account_event, public: nobody is signed in yet). Shared, because copying, filling and
// signing out happen in several features.
//
// A report never holds up or breaks what the clinician is doing: it is sent without waiting for an answer
// (sign-out waits briefly, since the token goes with it), and a failure is only logged, with no details.
import type { AccountEventAction, AuditEventBody, AuditEventResponse, ClientReportedAction } from '@charta/contract';
import { api } from '@/lib/api';

/** How long signing out waits for its report before going on without it. */
export const SIGN_OUT_REPORT_WAIT_MS = 2_000;

function quietly(send: () => Promise<unknown>): Promise<void> {
  return Promise.resolve()
    .then(send)
    .then(
    () => undefined,
    () => {
      console.warn('An activity report could not be sent');
    },
  );
}

/** Something the clinician did with a session's note outside Charta, or a sign-out. */
export function reportActivity(action: ClientReportedAction, sessionId?: string): Promise<void> {
  const body: AuditEventBody = sessionId ? { action, sessionId } : { action };
  return quietly(() => api.post<AuditEventResponse>('/audit/event', body));
}

/** A sign-out, before the token goes: waits at most SIGN_OUT_REPORT_WAIT_MS, so signing out never hangs. */
export function reportSignOut(): Promise<void> {
  return Promise.race([reportActivity('account.signed_out'), new Promise<void>((resolve) => setTimeout(resolve, SIGN_OUT_REPORT_WAIT_MS))]);
}

/** A failed sign-in or a password reset for the address typed (the server records it only for an existing account). */
export function reportAccountEvent(action: AccountEventAction, email: string): Promise<void> {
  return quietly(() => api.post<AuditEventResponse>('/audit/account_event', { action, email }, { anonymous: true }));
}
