// The Record page is record.page.ts, loaded lazily by the router; the uploads store is needed app-wide.
export { useRecordingsOnDevice, type RecordingsOnDevice } from './hooks/use-recording-uploads';
export type { KeptRecording } from './lib/recording-uploads';
// The recording itself outlives the Record page: the shell mounts the provider and shows the bar on every page.
export { RecorderProvider } from './hooks/recorder-provider';
export { RecordingBar } from './components/RecordingBar';
