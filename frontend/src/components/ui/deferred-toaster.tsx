// The toast region arrives with the first toast or the first press of its hotkey. Radix's
// toast, with its layers and collection, would otherwise be a twelfth of what the sign-in
// screen downloads before it shows, for a region that is empty until something happens.
import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_HOTKEY, useToasts } from '@/hooks/use-toast';

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/** The same hotkey test as Radix's viewport: every listed key is the key pressed or held. */
function isHotkey(event: KeyboardEvent): boolean {
  return TOAST_HOTKEY.every((key) => event.code === key || (event as unknown as Record<string, unknown>)[key] === true);
}

/** Renders the toaster once a toast is shown or the hotkey is pressed, focusing it for the hotkey. */
export function DeferredToaster() {
  const toasts = useToasts();
  const [hotkeyPressed, setHotkeyPressed] = useState(false);

  useEffect(() => {
    if (hotkeyPressed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isHotkey(event)) setHotkeyPressed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [hotkeyPressed]);

  if (toasts.length === 0 && !hotkeyPressed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster focusOnMount={hotkeyPressed} />
    </Suspense>
  );
}
