import type { Draft } from '@/lib/form';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { SignIn } from '@/generated/types';
import { fieldErrors } from '@/lib/api-client';
import { rulesResolver } from '@/lib/rules/resolver';
import { useAuth } from '../session';

const FIELDS = ['username', 'password'] as const satisfies readonly (keyof SignIn)[];

export interface SignInFormProps {
  /** Fills the username in, e.g. the one whose session expired; the password then has focus. */
  username?: string | undefined;
  /** Told once signed in. */
  onSignedIn?: () => void;
}

export function SignInForm({ username, onSignedIn }: SignInFormProps) {
  const { t } = useTranslation();
  const { login } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Draft<SignIn>, unknown, SignIn>({
    resolver: rulesResolver('signIn'),
    defaultValues: { username: username ?? '', password: '' },
  });

  const onSubmit = handleSubmit((credentials) => {
    login.run(credentials, {
      onSuccess: onSignedIn,
      onError: (error) => {
        // A 422 carries the server's messages per field; show them where they belong.
        const serverErrors = fieldErrors(error);
        for (const field of FIELDS) {
          const message = serverErrors[field];
          if (message !== undefined) setError(field, { type: 'server', message });
        }
      },
    });
  });

  const pending = login.isPending;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      <FormField label={t('auth.username')} error={errors.username?.message}>
        <Input
          autoComplete="username"
          placeholder={t('auth.usernamePlaceholder')}
          {...register('username')}
          disabled={pending}
        />
      </FormField>
      <FormField label={t('auth.password')} error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          autoFocus={username !== undefined}
          placeholder={t('auth.passwordPlaceholder')}
          {...register('password')}
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
