import { componentAfterPaint } from '@/lib/component-after-paint';
import { moduleAfterPaint } from '@/lib/module-after-paint';

/**
 * The parts of the Record tab that are never on its first paint, loaded once it has painted: the cards that
 * follow an upload after Stop or a picked file (the pipeline's steps as MUI's Stepper, the session's progress as
 * it is polled), the first-run card, the plan-limit notice and the recovery prompt (each waits for data read
 * after Auth answers), and the consent step and duplicate-upload question (dialogs, on Start or a pick).
 * Together about 10 KB (gzip) of the tab's first load (scripts/route-budgets.mjs). They arrive a fraction of a
 * second after the paint (from the service worker's precache on a later visit); until then an upload runs as
 * before and its card appears when they do. A chunk that fails to load is asked for again when the connection
 * returns, a part mounts, or a question is asked (component-after-paint.tsx).
 */
const laterParts = moduleAfterPaint(() => import('./record-page-later-parts'));

// Each part in its place, drawn once the module is in (nothing before): the tab's own render never waits for it.
export const ConsentStep = componentAfterPaint(laterParts, (parts) => parts.ConsentStep, (props) => props.open);
export const DuplicateUploadDialog = componentAfterPaint(laterParts, (parts) => parts.DuplicateUploadDialog, (props) => props.match !== null);
export const FileUploadProgress = componentAfterPaint(laterParts, (parts) => parts.FileUploadProgress, (props) => props.state.phase);
export const FirstRunCard = componentAfterPaint(laterParts, (parts) => parts.FirstRunCard);
export const PlanLimitNotice = componentAfterPaint(laterParts, (parts) => parts.PlanLimitNotice);
export const RecordingUploadCard = componentAfterPaint(laterParts, (parts) => parts.RecordingUploadCard);
export const RecoveryPrompt = componentAfterPaint(laterParts, (parts) => parts.RecoveryPrompt);

/** Loads them now: the page renders them from its first render after that (its tests call it). */
export const preloadRecordPageLater = () => laterParts.preload();
