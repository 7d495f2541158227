// The auth feature's public face; other features and the app import only from here and,
// for the sign-in dialog of the signed-in shell, from './session-expired' (kept apart so
// that the first download, the sign-in screen's, does not carry a dialog it never shows).
export { AuthProvider, useAuth, type Session } from './session';
export { GuestRoute, ProtectedRoute, SIGN_IN_PATH } from './components/guards';
export { userQueryKey, type User } from './api/get-user';
export { TwoFactorNotice } from './components/two-factor-notice';
