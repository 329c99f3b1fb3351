// Loaded lazily with the settings page (web/src/app/router.tsx), which is the only place it shows.
export { DeleteAccountSection } from './components/DeleteAccountSection';
