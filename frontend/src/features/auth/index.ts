// The auth feature's public face; other features and the app import only from here.
export { AuthProvider, useAuth, type Session } from './session';
export { GuestRoute, ProtectedRoute, SIGN_IN_PATH } from './components/guards';
export { SessionExpiredDialog } from './components/session-expired-dialog';
export type { User } from './api/get-user';
