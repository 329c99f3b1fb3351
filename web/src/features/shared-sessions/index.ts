// The shared-sessions feature's public surface: what colleagues in the clinic shared with me, read-only.
export { SharedSessionsPage } from './components/SharedSessionsPage';
export { SharedSessionPage } from './components/SharedSessionPage';
