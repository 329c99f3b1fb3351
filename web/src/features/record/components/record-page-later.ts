import { moduleAfterPaint } from '@/lib/module-after-paint';

/**
 * The parts of the Record tab that are never on its first paint, loaded once it has painted: the cards that
 * follow an upload after Stop or a picked file (the pipeline's steps as MUI's Stepper, the session's progress as
 * it is polled), the first-run card, the plan-limit notice and the recovery prompt (each waits for data read
 * after Auth answers), and the consent step and duplicate-upload question (dialogs, on Start or a pick).
 * Together about 10 KB (gzip) of the tab's first load (scripts/route-budgets.mjs). They arrive a fraction of a
 * second after the paint (from the service worker's precache on a later visit); until then an upload runs as
 * before and its card appears when they do. A chunk that fails to load is asked for again when `retryKey`
 * changes (the connection, the uploads, a question to ask). Null until loaded.
 */
const useRecordPageLaterModule = moduleAfterPaint(() => import('./record-page-later-parts'));

export function useRecordPageLater(retryKey: unknown) {
  return useRecordPageLaterModule(retryKey);
}

/** Loads them now: the page renders them from its first render after that (its tests call it). */
export const preloadRecordPageLater = () => useRecordPageLaterModule.preload();
