// The session context of core-panel §4 and §8: the current user, and sign-in, sign-out and
// registration with their toasts. Redirects are left to the route guards.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorStep, SignIn, UserCreateInput } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useUser, type User } from './api/get-user';
import { useLogin } from './api/login';
import { useLogout } from './api/logout';
import { useRegister } from './api/register';

interface Callbacks {
  onSuccess?: (() => void) | undefined;
  onError?: (error: Error) => void;
}

interface Action<Input, More = object> {
  run: (input: Input, callbacks?: Callbacks & More) => void;
  isPending: boolean;
}

/** What a sign-in is told when the password was right and a second factor is asked. */
export interface SecondFactorCallback {
  onSecondFactor?: (step: SecondFactorStep) => void;
}

export interface Session {
  user: User | null;
  isLoading: boolean;
  login: Action<SignIn, SecondFactorCallback>;
  logout: Action<undefined>;
  register: Action<UserCreateInput>;
}

const SessionContext = createContext<Session | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // Toasts are said in the language current when they show: a sign-in may just have switched it.
  const { i18n } = useTranslation();
  const t = i18n.t.bind(i18n);
  const userQuery = useUser();
  const loginMutation = useLogin();
  const logoutMutation = useLogout();
  const registerMutation = useRegister();

  const session = useMemo<Session>(
    () => ({
      user: userQuery.data ?? null,
      isLoading: userQuery.isPending,
      login: {
        isPending: loginMutation.isPending,
        run: (credentials, callbacks) => {
          loginMutation.mutate(credentials, {
            onSuccess: (answer) => {
              if ('secondFactor' in answer) {
                callbacks?.onSecondFactor?.(answer.secondFactor);
                return;
              }
              toast({
                title: t('auth.toast.loginSuccess'),
                description: t('auth.toast.loginSuccessDescription'),
              });
              callbacks?.onSuccess?.();
            },
            onError: (error) => {
              toast({
                title: t('auth.toast.loginFailed'),
                description: errorMessage(error),
                variant: 'destructive',
              });
              callbacks?.onError?.(error);
            },
          });
        },
      },
      logout: {
        isPending: logoutMutation.isPending,
        run: (_input, callbacks) => {
          logoutMutation.mutate(undefined, {
            onSuccess: () => {
              toast({
                title: t('auth.toast.loggedOut'),
                description: t('auth.toast.loggedOutDescription'),
              });
            },
            onError: (error) => {
              toast({
                title: t('auth.toast.logoutFailed'),
                description: errorMessage(error),
                variant: 'destructive',
              });
              callbacks?.onError?.(error);
            },
          });
        },
      },
      register: {
        isPending: registerMutation.isPending,
        run: (account, callbacks) => {
          registerMutation.mutate(account, {
            onError: (error) => {
              toast({
                title: t('auth.toast.registrationFailed'),
                description: errorMessage(error),
                variant: 'destructive',
              });
              callbacks?.onError?.(error);
            },
          });
        },
      },
    }),
    [t, userQuery.data, userQuery.isPending, loginMutation, logoutMutation, registerMutation],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session; using it outside `AuthProvider` is a programming error (core-panel §8). */
export function useAuth(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useAuth must be used within an AuthProvider');
  return session;
}
