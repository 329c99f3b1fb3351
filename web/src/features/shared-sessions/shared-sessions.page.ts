// Loaded lazily by the router (web/src/app/router.tsx): the page's code is its own chunk, fetched only on this route.
export { SharedSessionsPage } from './components/SharedSessionsPage';
