import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-client';
import { describeError } from './error-message';

export interface SubmitOptions {
  /**
   * What to show for a failure: the message, or null to show nothing here (the caller put it elsewhere: a
   * field's helper text, the snackbar). May wait (reloading the latest note after a stale counter). Default:
   * describeError, a sentence a clinician can act on.
   */
  describe?: (failure: unknown) => string | null | Promise<string | null>;
}

export interface Submit<Args extends unknown[]> {
  /** The request is running: the dialog's buttons show it and its backdrop does not close it. */
  busy: boolean;
  /** The last failure, readable; cleared when the next submit starts. */
  error: string | null;
  /** The field the API named as at fault in that failure (ApiError.field), for a form that marks the field. */
  errorField: string | undefined;
  /**
   * Runs the action, unless one is running already (a double click, Enter then a click): that second call
   * does nothing and answers false. Answers true once the action succeeded, false when it failed.
   */
  submit: (...args: Args) => Promise<boolean>;
  /** Forgets the error shown (the dialog opens again, or the user dismisses it). */
  clearError: () => void;
}

/**
 * One dialog's submit: busy while its request runs, one request at a time, and a failure turned into a
 * message to show. The form's own state (what the user typed) is not the hook's: it is left as it was, so a
 * failure never costs the typing. A dialog closed while its request runs is not written to when it ends.
 * The action may change between renders; the latest one runs.
 */
export function useSubmit<Args extends unknown[]>(action: (...args: Args) => Promise<unknown>, options: SubmitOptions = {}): Submit<Args> {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; field: string | undefined } | null>(null);
  // A ref, not the state: two clicks in one frame both see busy === false.
  const running = useRef(false);
  const mounted = useRef(true);
  const latest = useRef({ action, describe: options.describe });
  useEffect(() => {
    latest.current = { action, describe: options.describe };
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = useCallback(async (...args: Args): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await latest.current.action(...args);
      return true;
    } catch (error) {
      const message = await (latest.current.describe ?? describeError)(error);
      if (mounted.current && message !== null) setFailure({ message, field: error instanceof ApiError ? error.field : undefined });
      return false;
    } finally {
      running.current = false;
      if (mounted.current) setBusy(false);
    }
  }, []);

  const clearError = useCallback(() => setFailure(null), []);

  return { busy, error: failure?.message ?? null, errorField: failure?.field, submit, clearError };
}
