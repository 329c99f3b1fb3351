// The session page's public surface.
export { SessionPage } from './components/SessionPage';
