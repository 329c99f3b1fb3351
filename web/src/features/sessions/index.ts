// The sessions feature's public surface.
export { SessionsPage } from './components/SessionsPage';
