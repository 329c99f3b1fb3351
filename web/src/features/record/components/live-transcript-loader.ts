import { componentAfterPaint } from '@/lib/component-after-paint';
import { moduleAfterPaint } from '@/lib/module-after-paint';

/**
 * The transcript-as-you-record view (LiveTranscript), loaded after the Record tab has painted: it is shown
 * only while recording, and with MUI's Switch, Chip and Skeleton it was 9 KB (gzip) of the tab's first load
 * (scripts/route-budgets.mjs). A chunk that fails to load (offline) leaves the view absent, fetched again at
 * the next chance (the connection returns, the recorder's status changes). Nothing is drawn until it is in.
 */
const liveTranscriptModule = moduleAfterPaint(() => import('./LiveTranscript'));

export const LiveTranscript = componentAfterPaint(liveTranscriptModule, (module) => module.LiveTranscript, (props) => props.status);
