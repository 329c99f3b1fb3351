// Loaded lazily by the router (web/src/app/router.tsx): the invitation link's page, signed in and signed out.
export { InvitationPage } from './components/InvitationPage';
export { InvitationSignedOut } from './components/InvitationSignedOut';
