// The auth feature's second public face: the sign-in dialog that the signed-in shell shows
// when the session expires (see index.ts for why it is apart).
export { SessionExpiredDialog } from './components/session-expired-dialog';
