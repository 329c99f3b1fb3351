// The steps of "Fill this page": read the page's frames, propose values (one API call per frame), fill what
// the clinician kept, undo. The panel only shows the step this hook is in.
import type { MagicFillLeftOut } from '@charta/contract';
import { useState } from 'react';
import { reportActivity } from '@/data/activity';
import { describeError } from '@/lib/error-message';
import { proposeFields } from '../api/fill-html';
import { ensurePageAccess, fillFrameFields, findTargetPage, PageAccessError, readFrames, requestFrameAccess, undoFrames, type UnreachedFrame } from '../lib/active-page';
import { fieldPath, type SkipReason } from '../lib/page-script';

export interface ProposedField {
  key: string;
  frameId: number;
  selector: string;
  shadowHosts?: string[];
  label: string;
  value: string;
  /** What Charta did to the note's value to fit the field (a rounding, a conversion). */
  note?: string;
  checked: boolean;
}

/** A field the clinician kept ticked that the page did not take, and why. */
export interface NotFilled {
  label: string;
  reason: SkipReason;
}

export type MagicFillStep =
  | { kind: 'idle' }
  | { kind: 'busy'; what: string }
  | { kind: 'review'; tabId: number; pageTitle: string; fields: ProposedField[]; leftOut: MagicFillLeftOut[]; unreached: UnreachedFrame[]; truncated: boolean }
  | { kind: 'filled'; tabId: number; frameIds: number[]; filled: number; skipped: number; notFilled: NotFilled[] }
  | { kind: 'undone'; restored: number };

const errorText = (error: unknown) => (error instanceof PageAccessError ? error.message : describeError(error));

export function useMagicFill(documentationId: string) {
  const [step, setStep] = useState<MagicFillStep>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [overwrite, setOverwrite] = useState(false);

  const propose = async () => {
    setError(null);
    try {
      const page = await findTargetPage();
      await ensurePageAccess(page.tabId);
      setStep({ kind: 'busy', what: 'Reading the page…' });
      const { frames, unreached } = await readFrames(page.tabId);
      if (frames.length === 0 && unreached.length === 0) throw new PageAccessError('This page has no fields Charta can fill.');
      setStep({ kind: 'busy', what: 'Matching the note to the page’s fields…' });
      // One call per frame: the answer's selectors are local to the frame whose HTML was sent.
      const answers = await Promise.all(frames.map(async (frame) => ({ frame, answer: await proposeFields(documentationId, frame.html) })));
      const fields = answers.flatMap(({ frame, answer }) =>
        answer.fields.map((field) => ({ key: `${frame.frameId}:${fieldPath(field)}`, frameId: frame.frameId, ...field, checked: true })),
      );
      setStep({
        kind: 'review',
        tabId: page.tabId,
        pageTitle: page.title,
        fields,
        leftOut: answers.flatMap(({ answer }) => answer.leftOut ?? []),
        unreached,
        truncated: answers.some(({ answer }) => answer.truncated === true),
      });
    } catch (caught) {
      setError(errorText(caught));
      setStep({ kind: 'idle' });
    }
  };

  /** Asks for a frame's site from the clinician's click, then reads the page again with that frame in it. */
  const allowFrame = async (frame: UnreachedFrame) => {
    setError(null);
    try {
      if (await requestFrameAccess(frame.origin)) await propose();
      else setError(`Charta was not allowed on ${frame.host}: the fields there stay as they are.`);
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  const fill = async (tabId: number, fields: ProposedField[]) => {
    setError(null);
    setStep({ kind: 'busy', what: 'Filling the page…' });
    const chosen = fields.filter((f) => f.checked);
    const frameIds = [...new Set(chosen.map((f) => f.frameId))];
    try {
      let filled = 0;
      const notFilled: NotFilled[] = [];
      for (const frameId of frameIds) {
        const inFrame = chosen.filter((f) => f.frameId === frameId);
        const result = await fillFrameFields(tabId, frameId, inFrame.map(({ selector, shadowHosts, value }) => ({ selector, ...(shadowHosts ? { shadowHosts } : {}), value })), overwrite);
        filled += result.filled.length;
        for (const { selector, reason } of result.skipped) notFilled.push({ label: inFrame.find((f) => fieldPath(f) === selector)?.label ?? selector, reason });
      }
      setStep({ kind: 'filled', tabId, frameIds, filled, skipped: fields.length - chosen.length + notFilled.length, notFilled });
      // The note left Charta for the EHR's page: the audit trail hears it from here (the server cannot see it).
      if (filled > 0) void reportActivity('ehr.page_filled', documentationId);
    } catch (caught) {
      setError(errorText(caught));
      setStep({ kind: 'idle' });
    }
  };

  const undo = async (tabId: number, frameIds: number[]) => {
    setError(null);
    try {
      setStep({ kind: 'undone', restored: await undoFrames(tabId, frameIds) });
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  const update = (key: string, change: Partial<ProposedField>) =>
    setStep((current) => (current.kind === 'review' ? { ...current, fields: current.fields.map((f) => (f.key === key ? { ...f, ...change } : f)) } : current));

  return { step, error, overwrite, setOverwrite, clearError: () => setError(null), propose, allowFrame, fill, undo, update, reset: () => setStep({ kind: 'idle' }) };
}
