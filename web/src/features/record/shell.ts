// What the shell mounts around every signed-in page: the recording outlives the Record page, so the shell
// holds the recorder and shows the recording bar everywhere. Apart from index.ts (which the app's providers
// import on every page, the sign-in page's too) so that the recorder's code loads with the shell only.
export { RecorderProvider, useRecorderSession } from './hooks/recorder-provider';
export { RecordingBar } from './components/RecordingBar';
