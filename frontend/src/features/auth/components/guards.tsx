import { Navigate, Outlet } from 'react-router-dom';
import { FullScreenSpinner } from '@/components/full-screen-spinner';
import { useAuth } from '../session';

export const SIGN_IN_PATH = '/auth';

/** Lets only a signed-in user through; others go to the sign-in screen. */
export function ProtectedRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullScreenSpinner />;
  if (user === null) return <Navigate to={SIGN_IN_PATH} replace />;
  return <Outlet />;
}

/** The sign-in screen is for signed-out visitors; a signed-in user goes to the dashboard. */
export function GuestRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullScreenSpinner />;
  if (user !== null) return <Navigate to="/" replace />;
  return <Outlet />;
}
