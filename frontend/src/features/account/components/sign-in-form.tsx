import i18n from 'i18next';
import { lazy, Suspense, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { FieldErrors, SecondFactorStep, SignIn } from '@/generated/types';
import { fieldErrors } from '@/lib/api-client';
import { useAuth } from '../session';

// Loaded when a password was right and a second factor is asked: the sign-in screen is the
// first download of every visit, and most sign-ins never show this step.
const SecondFactorStepForm = lazy(async () => {
  const [module] = await Promise.all([import('./second-factor-step'), i18n.loadNamespaces('twoFactor')]);
  return { default: module.SecondFactorStepForm };
});

const FIELDS = ['username', 'password'] as const satisfies readonly (keyof SignIn)[];

export interface SignInFormProps {
  /** Fills the username in, e.g. the one whose session expired; the password then has focus. */
  username?: string | undefined;
  /** Told once signed in. */
  onSignedIn?: () => void;
}

/**
 * The sign-in form. Unlike the panel's other forms it holds its two fields itself rather
 * than through react-hook-form, and loads the rules when it is first submitted: the sign-in
 * screen is the first download of every visit (docs/adr/0015). The messages are the
 * rules' own all the same.
 */
export function SignInForm({ username, onSignedIn }: SignInFormProps) {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [values, setValues] = useState<SignIn>({ username: username ?? '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [secondFactor, setSecondFactor] = useState<SecondFactorStep | null>(null);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field] !== undefined);
    (first === 'username' ? usernameInput : first === 'password' ? passwordInput : null)?.current?.focus();
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { validate } = await import('@/lib/rules');
    const failures = validate('signIn', values);
    showErrors(failures);
    if (Object.keys(failures).length > 0) return;
    login.run(values, {
      onSuccess: onSignedIn,
      onSecondFactor: setSecondFactor,
      // A 422 carries the server's messages per field; show them where they belong.
      onError: (error) => {
        showErrors(fieldErrors(error));
      },
    });
  };

  const change = (name: keyof SignIn) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const pending = login.isPending;
  if (secondFactor !== null) {
    return (
      <Suspense fallback={<Spinner label={t('common.loading')} className="mx-auto" />}>
        <SecondFactorStepForm
          step={secondFactor}
          onSignedIn={onSignedIn}
          onRestart={() => {
            setSecondFactor(null);
            setValues((current) => ({ ...current, password: '' }));
          }}
        />
      </Suspense>
    );
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      <FormField label={t('auth.username')} error={errors.username}>
        <Input
          autoComplete="username"
          placeholder={t('auth.usernamePlaceholder')}
          name="username"
          ref={usernameInput}
          value={values.username}
          onChange={change('username')}
          disabled={pending}
        />
      </FormField>
      <FormField label={t('auth.password')} error={errors.password}>
        <Input
          type="password"
          autoComplete="current-password"
          autoFocus={username !== undefined}
          placeholder={t('auth.passwordPlaceholder')}
          name="password"
          ref={passwordInput}
          value={values.password}
          onChange={change('password')}
          disabled={pending}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending && <Spinner label={t('auth.signingIn')} className="size-4 text-current" />}
        {pending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </form>
  );
}
