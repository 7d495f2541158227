import { Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ltr';
import { SaveButton } from '@/components/form-buttons';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/account';
import type { AccountInput } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { serverMessage } from '@/lib/api-client';
import { optionalText, showServerFieldErrors, textValue, type Draft } from '@/lib/form';
import { constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { INTERFACE_LANGUAGES } from '@/i18n';
import { useUpdateAccount } from '../api/update-account';
import { useUpdatePreferences } from '../api/update-preferences';
import type { Preferences } from '../preferences';
import { TwoFactorCard } from '../components/two-factor-card';

const FIELDS = ['fullName', 'currentPassword', 'newPassword', 'confirmPassword'] as const satisfies readonly (keyof AccountInput)[];

function AccountForm({ username, fullName }: { username: string; fullName: string | null | undefined }) {
  const { t } = useTranslation('account');
  const blank = { fullName: textValue(fullName), currentPassword: '', newPassword: '', confirmPassword: '' };
  const form = useForm<Draft<AccountInput>, unknown, AccountInput>({
    resolver: rulesResolver('account'),
    defaultValues: blank,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = form;
  useUnsavedChanges(isDirty);
  const update = useUpdateAccount();

  const onSubmit = handleSubmit((values) => {
    const changesPassword = optionalText(values.newPassword) !== null;
    update.mutate(
      {
        fullName: optionalText(values.fullName),
        ...(changesPassword
          ? { currentPassword: values.currentPassword, newPassword: values.newPassword, confirmPassword: values.confirmPassword }
          : {}),
      },
      {
        onSuccess: (user) => {
          reset({ ...blank, fullName: textValue(user.fullName) });
          toast({ title: changesPassword ? t('toast.passwordChanged') : t('toast.saved') });
        },
        onError: (error) => {
          if (showServerFieldErrors(error, FIELDS, setError)) return;
          toast({ title: t('toast.failed'), description: serverMessage(error), variant: 'destructive' });
        },
      },
    );
  });

  return (
    <form className="grid gap-6" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Card>
        <CardHeader>
          <CardTitle>{t('profile.title')}</CardTitle>
          <CardDescription>
            <Trans t={t} i18nKey="profile.description" values={{ username }} components={{ ltr: <Ltr /> }} />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FormField label={t('fields.fullName')} error={errors.fullName?.message}>
            <Input autoComplete="name" {...register('fullName')} />
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('password.title')}</CardTitle>
          <CardDescription>{t('password.description', { count: constants().passwordMinLength })}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <FormField label={t('fields.currentPassword')} error={errors.currentPassword?.message}>
            <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
          <FormField label={t('fields.newPassword')} error={errors.newPassword?.message}>
            <Input type="password" autoComplete="new-password" {...register('newPassword')} />
          </FormField>
          <FormField label={t('fields.confirmPassword')} error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
          </FormField>
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <SaveButton pending={update.isPending} label={t('save')} />
      </div>
    </form>
  );
}

const NUMERALS = ['latin', 'arabic'] as const satisfies readonly Preferences['numerals'][];

/**
 * The interface language and digits, each saved as soon as it is chosen and applied at once:
 * the page is then in the new language, without a reload.
 */
function PreferencesCard({ preferences }: { preferences: Preferences }) {
  const { t, i18n } = useTranslation('account');
  const { t: common } = useTranslation();
  const update = useUpdatePreferences();
  // Said once the change applies, so in the language just chosen (not the one `t` was made for).
  const said = (key: 'toast.preferencesSaved' | 'toast.preferencesFailed') => i18n.getFixedT(null, 'account')(key);
  const save = (change: Partial<Preferences>) => {
    update.mutate(
      { ...preferences, ...change },
      {
        onSuccess: () => {
          toast({ title: said('toast.preferencesSaved') });
        },
        onError: (error) => {
          toast({ title: said('toast.preferencesFailed'), description: serverMessage(error), variant: 'destructive' });
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('preferences.title')}</CardTitle>
        <CardDescription>{t('preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('preferences.language')}>
          <Select
            value={preferences.language}
            disabled={update.isPending}
            onChange={(event) => {
              save({ language: event.target.value as Preferences['language'] });
            }}
          >
            {INTERFACE_LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {common(`language.${language}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t('preferences.numerals')}>
          <Select
            value={preferences.numerals}
            disabled={update.isPending}
            onChange={(event) => {
              save({ numerals: event.target.value as Preferences['numerals'] });
            }}
          >
            {NUMERALS.map((numerals) => (
              <option key={numerals} value={numerals}>
                {t(`preferences.${numerals}`)}
              </option>
            ))}
          </Select>
        </FormField>
      </CardContent>
    </Card>
  );
}

function AccountPage() {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  return (
    <div className="mx-auto grid max-w-3xl gap-6 p-6 lg:p-8">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {user !== null && (
        <>
          <PreferencesCard preferences={{ language: user.language, numerals: user.numerals }} />
          <AccountForm username={user.username} fullName={user.fullName} />
          <TwoFactorCard />
        </>
      )}
    </div>
  );
}

/** The signed-in user's own account: their language and digits, name, password and second factor. */
export default function AccountRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <AccountPage />
    </Suspense>
  );
}
