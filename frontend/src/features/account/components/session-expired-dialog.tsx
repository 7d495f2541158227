import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { setReauthenticate } from '@/lib/api-client';
import { useAuth } from '../session';
import { SignInForm } from './sign-in-form';

interface Waiting {
  signedIn: () => void;
  gaveUp: () => void;
}

/**
 * Signs in again over the current screen when a call finds the session expired (401): the
 * API client waits for this dialog, then sends the refused calls again, so the screen and
 * every form on it stay as they were. Closing it gives up: the waiting calls fail with
 * their 401, and forms keep what was typed.
 */
export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const waitingRef = useRef<Waiting | null>(null);

  useEffect(() => {
    const unregister = setReauthenticate(
      () =>
        new Promise<void>((resolve, reject) => {
          const next: Waiting = {
            signedIn: resolve,
            gaveUp: () => {
              reject(new Error('sign-in abandoned'));
            },
          };
          waitingRef.current = next;
          setWaiting(next);
        }),
    );
    return () => {
      unregister();
      waitingRef.current?.gaveUp();
      waitingRef.current = null;
    };
  }, []);

  const settle = (outcome: 'signedIn' | 'gaveUp') => {
    waiting?.[outcome]();
    waitingRef.current = null;
    setWaiting(null);
  };

  return (
    <Dialog
      open={waiting !== null}
      onOpenChange={(open) => {
        if (!open) settle('gaveUp');
      }}
    >
      <DialogContent
        closeLabel={t('common.close')}
        className="sm:max-w-md"
        onPointerDownOutside={(event) => {
          event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('reauth.title')}</DialogTitle>
          <DialogDescription>{t('reauth.description')}</DialogDescription>
        </DialogHeader>
        <SignInForm
          username={user?.username}
          onSignedIn={() => {
            settle('signedIn');
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
