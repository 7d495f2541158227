import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { ValuesSectionSettingsInput } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { bilingualOrder, useArabicFirst } from '@/lib/bilingual';
import { errorMessage } from '@/lib/api-client';
import { arabicText, type Draft } from '@/lib/form';
import { rulesResolver } from '@/lib/rules/resolver';
import { useSaveValuesSectionSettings, type ValuesSectionSettings } from '../api/values-section-settings';

function SettingsForm({ settings, onDone }: { settings: ValuesSectionSettings; onDone: () => void }) {
  const { t } = useTranslation('companyValues');
  const arabicFirst = useArabicFirst();
  const save = useSaveValuesSectionSettings();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<Draft<ValuesSectionSettingsInput>, unknown, ValuesSectionSettingsInput>({
    resolver: rulesResolver('valuesSectionSettings'),
    defaultValues: {
      titleEn: settings.titleEn,
      titleAr: settings.titleAr,
      subtitleEn: settings.subtitleEn,
      subtitleAr: settings.subtitleAr,
      isActive: settings.isActive,
    },
  });
  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { version: settings.version, input },
      {
        onSuccess: onDone,
        onError: (error) => {
          toast({ title: t('toast.settingsFailed'), description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  });
  return (
    <FormDialogContent
      title={t('settingsTitle')}
      submitLabel={t('saveSettings')}
      onSubmit={(event) => void onSubmit(event)}
      pending={save.isPending}
      unsaved={isDirty}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {bilingualOrder(
          arabicFirst,
          <FormField key="sectionTitleEn" label={t('fields.sectionTitleEn')} error={errors.titleEn?.message}>
            <Input required {...register('titleEn')} />
          </FormField>,
          <FormField key="sectionTitleAr" label={t('fields.sectionTitleAr')} error={errors.titleAr?.message}>
            <Input required {...arabicText} {...register('titleAr')} />
          </FormField>,
        )}
        {bilingualOrder(
          arabicFirst,
          <FormField key="sectionSubtitleEn" label={t('fields.sectionSubtitleEn')} error={errors.subtitleEn?.message}>
            <Input required {...register('subtitleEn')} />
          </FormField>,
          <FormField key="sectionSubtitleAr" label={t('fields.sectionSubtitleAr')} error={errors.subtitleAr?.message}>
            <Input required {...arabicText} {...register('subtitleAr')} />
          </FormField>,
        )}
      </div>
    </FormDialogContent>
  );
}

/** Section Settings (site-content §2): the values section's four header texts, all required. */
export function SettingsDialog({
  settings,
  open,
  onClose,
}: {
  settings: ValuesSectionSettings | undefined;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open && settings !== undefined} onClose={onClose}>
      {open && settings !== undefined && <SettingsForm settings={settings} onDone={onClose} />}
    </FormDialog>
  );
}
