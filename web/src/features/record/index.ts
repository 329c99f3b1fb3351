// The Record page is record.page.ts, loaded lazily by the router; the uploads store is needed app-wide.
export { useRecordingsOnDevice, type RecordingsOnDevice } from './hooks/use-recording-uploads';
export type { KeptRecording } from './lib/recording-uploads';
// The recorder and the recording bar the shell mounts: shell.ts.
