export { RecordPage } from './components/RecordPage';
export { useRecordingsOnDevice, type RecordingsOnDevice } from './hooks/use-recording-uploads';
export type { KeptRecording } from './lib/recording-uploads';
