// Loaded lazily with the settings page (web/src/app/router.tsx), which is the only place these show.
export { DeleteAccountSection } from './components/DeleteAccountSection';
export { AutoLockSetting } from './lock/AutoLockSetting';
