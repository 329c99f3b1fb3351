// Loaded lazily by the router (web/src/app/router.tsx): the page's code (editor, transcript, chat) is its own chunk.
export { SessionPage } from './components/SessionPage';
