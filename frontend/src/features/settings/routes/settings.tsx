import { Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AuthorityField, ImageSourceField } from '@/components/form';
import { SaveButton } from '@/components/form-buttons';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/features/account';
import { RecordHistory } from '@/features/history';
import type { SettingsInput } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { bilingualOrder, useArabicFirst } from '@/lib/bilingual';
import { isConflict, serverMessage } from '@/lib/api-client';
import { arabicText, optionalText, showServerFieldErrors, textValue, type Draft } from '@/lib/form';
import { checkLogoUpload, constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useSaveSettings, useSettings, type CompanySettings } from '../api/settings';
import { PortalFeeds } from '../components/portal-feeds';
import { PrimaryColorField } from '../components/primary-color-field';
import { PublishToField } from '../components/publish-to-field';
import { rasteriseSvg } from '../components/rasterise-svg';
import { STATISTICS, StatisticFields } from '../components/statistic-fields';

type SettingsDraft = Draft<SettingsInput>;

/** The settings are one record; its history is recorded under this id. */
const SETTINGS_RECORD_ID = 1;

const TEXT_FIELDS = [
  'companyName',
  'companyNameEn',
  'companyNameAr',
  'companyLogo',
  'companyDescription',
  'contactEmail',
  'contactPhone',
  'address',
  'licenseNumber',
  'licenseAuthority',
  'primaryColor',
  ...STATISTICS.flatMap((statistic) => [statistic, `${statistic}Label`, `${statistic}LabelEn`, `${statistic}LabelAr`] as const),
] as const satisfies readonly (keyof SettingsInput)[];

/** The form's fields beside the texts, which a 422 may name too. */
const FIELDS = [...TEXT_FIELDS, 'defaultPublishTo'] as const satisfies readonly (keyof SettingsInput)[];

function formValues(settings: CompanySettings): SettingsDraft {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, textValue(settings[field])])),
    defaultPublishTo: settings.defaultPublishTo,
  };
}

function SettingsForm({ settings, onRestored }: { settings: CompanySettings; onRestored: () => void }) {
  const { t } = useTranslation('settings');
  const arabicFirst = useArabicFirst();
  const form = useForm<SettingsDraft, unknown, SettingsInput>({
    resolver: rulesResolver('settings'),
    defaultValues: formValues(settings),
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isDirty },
  } = form;
  useUnsavedChanges(isDirty);
  const save = useSaveSettings();
  const defaults = constants().statisticDefaults;

  const onSubmit = handleSubmit((values) => {
    const input = {
      ...Object.fromEntries(
        TEXT_FIELDS.map((field) => [field, field === 'companyName' ? values.companyName : optionalText(values[field])]),
      ),
      defaultPublishTo: values.defaultPublishTo,
    } as unknown as SettingsInput;
    save.mutate(
      { version: settings.version, input },
      {
        onSuccess: (saved) => {
          reset(formValues(saved));
          toast({ title: t('toast.saved'), description: t('toast.savedDescription') });
        },
        onError: (error) => {
          if (showServerFieldErrors(error, FIELDS, setError)) return;
          const description = isConflict(error) ? t('toast.conflict') : (serverMessage(error) ?? t('toast.failed'));
          toast({ title: t('toast.failed'), description, variant: 'destructive' });
        },
      },
    );
  });

  return (
    <form className="grid gap-6" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Card>
        <CardHeader>
          <CardTitle>{t('company.title')}</CardTitle>
          <CardDescription>{t('company.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={t('fields.companyName')} error={errors.companyName?.message}>
              <Input {...register('companyName')} />
            </FormField>
            {bilingualOrder(
              arabicFirst,
              <FormField key="companyNameEn" label={t('fields.companyNameEn')} error={errors.companyNameEn?.message}>
                <Input {...register('companyNameEn')} />
              </FormField>,
              <FormField key="companyNameAr" label={t('fields.companyNameAr')} error={errors.companyNameAr?.message}>
                <Input {...arabicText} {...register('companyNameAr')} />
              </FormField>,
            )}
          </div>
          <ImageSourceField
            control={control}
            name="companyLogo"
            empty=""
            label={t('fields.companyLogo')}
            hint={t('logoHint')}
            words={{ upload: t('logo.upload'), orUrl: t('logo.orUrl'), remove: t('logo.remove') }}
            check={checkLogoUpload}
            alt={t('logo.alt')}
            previewSize={128}
            prepare={rasteriseSvg}
          />
          <FormField label={t('fields.companyDescription')} error={errors.companyDescription?.message}>
            <Textarea rows={3} {...register('companyDescription')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={t('fields.contactEmail')} error={errors.contactEmail?.message}>
              <Input type="email" {...register('contactEmail')} />
            </FormField>
            <FormField label={t('fields.contactPhone')} error={errors.contactPhone?.message}>
              <Input type="tel" dir="ltr" {...register('contactPhone')} />
            </FormField>
            <FormField label={t('fields.address')} error={errors.address?.message}>
              <Input {...register('address')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <PrimaryColorField control={control} />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('license.title')}</CardTitle>
          <CardDescription>{t('license.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-4 sm:grid-cols-3">
          <FormField label={t('fields.licenseNumber')} error={errors.licenseNumber?.message}>
            <Input dir="ltr" {...register('licenseNumber')} />
          </FormField>
          <AuthorityField control={control} name="licenseAuthority" label={t('fields.licenseAuthority')} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('publishing.title')}</CardTitle>
          <CardDescription>{t('publishing.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <PublishToField control={control} error={errors.defaultPublishTo?.message} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('statistics.title')}</CardTitle>
          <CardDescription>{t('statistics.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 lg:grid-cols-2">
          {STATISTICS.map((statistic) => (
            <StatisticFields
              key={statistic}
              statistic={statistic}
              register={register}
              errors={errors}
              placeholder={defaults[statistic]}
            />
          ))}
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <SaveButton pending={save.isPending} label={t('save')} />
      </div>
      {settings.version > 0 && <RecordHistory entity="settings" id={SETTINGS_RECORD_ID} onRestored={onRestored} />}
    </form>
  );
}

function CompanySettingsPage() {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  const settings = useSettings();
  // A restored version is read into a new form: the one open holds the settings as they were.
  const [restores, setRestores] = useState(0);
  return (
    <div className="mx-auto grid max-w-5xl gap-6 p-6 lg:p-8">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {settings.isError ? (
        <QueryError error={settings.error} />
      ) : settings.isPending ? (
        <Spinner label={t('loading')} className="m-8" />
      ) : (
        <SettingsForm
          key={restores}
          settings={settings.data}
          onRestored={() => {
            setRestores((count) => count + 1);
          }}
        />
      )}
      {/* The feeds' URLs open the listings to whoever holds them: for admins only, as their calls are. */}
      {user?.role === constants().adminRole && <PortalFeeds />}
    </div>
  );
}

/**
 * Company Settings (core-panel §2): the company card, its brokerage licence (issue 39), where
 * new listings are published and, for admins, the portals' feed URLs (issue 41), and the
 * website statistics.
 */
export default function SettingsRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <CompanySettingsPage />
    </Suspense>
  );
}
