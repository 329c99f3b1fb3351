// What record-page-later.ts loads after the Record tab's first paint.
export { ConsentStep } from './ConsentStep';
export { DuplicateUploadDialog } from './DuplicateUploadDialog';
export { FileUploadProgress } from './FileUploadProgress';
export { FirstRunCard } from './FirstRunCard';
export { PlanLimitNotice } from './PlanLimitNotice';
export { RecordingUploadCard } from './RecordingUploadCard';
export { RecoveryPrompt } from './RecoveryPrompt';
