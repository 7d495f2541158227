import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { useAuth } from '../session';

export const SIGN_IN_PATH = '/auth';

/** What the sign-in screen is told by the guard that sent a visitor there. */
interface SignInState {
  /** The page asked for, to return to once signed in. */
  from: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The remembered page, read warily: history state outlives the code that wrote it. */
function returnPath(state: unknown): string {
  const from: unknown = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  if (typeof from !== 'object' || from === null) return '/';
  const { pathname, search, hash } = from as Partial<Record<keyof SignInState['from'], unknown>>;
  const path = text(pathname);
  // Only a path of this app: never the sign-in screen itself, never '//host'.
  if (!path.startsWith('/') || path.startsWith('//') || path === SIGN_IN_PATH) return '/';
  return `${path}${text(search)}${text(hash)}`;
}

/** Lets only a signed-in user through; others go to the sign-in screen, which remembers the page. */
export function ProtectedRoute() {
  const { user, isLoading } = useAuth();
  const { pathname, search, hash } = useLocation();
  if (isLoading) return <FullScreenSpinner />;
  if (user === null) {
    const state: SignInState = { from: { pathname, search, hash } };
    return <Navigate to={SIGN_IN_PATH} replace state={state} />;
  }
  return <Outlet />;
}

/**
 * The sign-in screen is for signed-out visitors; a signed-in user goes to the page that sent
 * them there, or to the dashboard.
 */
export function GuestRoute() {
  const { user, isLoading } = useAuth();
  const state: unknown = useLocation().state;
  if (isLoading) return <FullScreenSpinner />;
  if (user !== null) return <Navigate to={returnPath(state)} replace />;
  return <Outlet />;
}
