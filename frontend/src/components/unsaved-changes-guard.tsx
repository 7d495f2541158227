import { useBlocker } from 'react-router-dom';
import { DiscardChangesDialog } from '@/components/discard-changes';
import { hasUnsavedChanges } from '@/lib/unsaved-changes';

/**
 * Asks before the app leaves a screen while a form holds unsaved changes (links, back and
 * forward). Going to the sign-in screen is never held: it only happens once the session is
 * gone, and staying would show a screen nobody may use.
 */
export function UnsavedChangesGuard({ signInPath }: { signInPath: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      nextLocation.pathname !== signInPath &&
      (nextLocation.pathname !== currentLocation.pathname || nextLocation.search !== currentLocation.search),
  );
  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      onKeepEditing={() => {
        blocker.reset?.();
      }}
      onDiscard={() => {
        blocker.proceed?.();
      }}
    />
  );
}
