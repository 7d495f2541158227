import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useDiscardGuard } from '@/components/discard-changes';
import { TooltipProvider } from '@/components/ui/tooltip';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { SIGN_IN_PATH, TwoFactorNotice, useAuth } from '@/features/account';
import { SessionExpiredDialog } from '@/features/account/session-expired';
import { useMyLeads } from '@/features/contacts';
import { useStats } from '@/features/dashboard';
import { NotificationBell } from '@/features/notifications';
import { Sidebar } from './sidebar';

/**
 * The signed-in frame: side bar beside the current screen. Tooltips are provided here,
 * not app-wide, so the sign-in screen does not download the positioning code; so are the
 * guards that keep work from being lost (leaving a screen, an expired session).
 */
export default function AppLayout() {
  const { user, logout } = useAuth();
  const [collapsed, setCollapsed] = useState(false);
  const discard = useDiscardGuard();
  // The Properties badge counts every listing and the Contact Requests badge the pending
  // requests (core-panel §2), from the dashboard's figures.
  const stats = useStats();
  // Beside it, the user's own pending leads (issue 26).
  const myLeads = useMyLeads();
  return (
    <TooltipProvider>
      <div className="flex min-h-screen bg-muted/40">
      <Sidebar
        user={user}
        badges={{
          properties: stats.data?.totalProperties,
          contactRequests: stats.data?.pendingRequests,
          myLeads: myLeads.data?.pending,
        }}
        collapsed={collapsed}
        onToggleCollapsed={() => {
          setCollapsed((value) => !value);
        }}
        onSignOut={() => {
          discard.guard(() => {
            logout.run(undefined);
          });
        }}
        signingOut={logout.isPending}
        version={__APP_VERSION__}
        bell={<NotificationBell />}
      />
      <main className="min-w-0 flex-1 overflow-x-hidden">
        <TwoFactorNotice />
        <Outlet />
        </main>
      </div>
      {discard.dialog}
      <UnsavedChangesGuard signInPath={SIGN_IN_PATH} />
      <SessionExpiredDialog />
    </TooltipProvider>
  );
}
