import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { SettingsInput } from '@/generated/types';
import { bilingualOrder, useArabicFirst } from '@/lib/bilingual';
import { arabicText, type Draft } from '@/lib/form';

export const STATISTICS = ['statProperties', 'statContinents', 'statClients', 'statExperience'] as const;
export type Statistic = (typeof STATISTICS)[number];

/** One statistic of the public site: its value and its legacy, English and Arabic labels. */
export function StatisticFields({
  statistic,
  register,
  errors,
  placeholder,
}: {
  statistic: Statistic;
  register: UseFormRegister<Draft<SettingsInput>>;
  errors: FieldErrors<Draft<SettingsInput>>;
  /** What the public site shows while the value is empty. */
  placeholder: string;
}) {
  const { t } = useTranslation('settings');
  const arabicFirst = useArabicFirst();
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{t(`statistics.${statistic}`)}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t('fields.value')} error={errors[statistic]?.message}>
          <Input inputMode="numeric" placeholder={placeholder} {...register(statistic)} />
        </FormField>
        <FormField label={t('fields.label')} error={errors[`${statistic}Label`]?.message}>
          <Input {...register(`${statistic}Label`)} />
        </FormField>
        {bilingualOrder(
          arabicFirst,
          <FormField key="labelEn" label={t('fields.labelEn')} error={errors[`${statistic}LabelEn`]?.message}>
            <Input {...register(`${statistic}LabelEn`)} />
          </FormField>,
          <FormField key="labelAr" label={t('fields.labelAr')} error={errors[`${statistic}LabelAr`]?.message}>
            <Input {...arabicText} {...register(`${statistic}LabelAr`)} />
          </FormField>,
        )}
      </div>
    </fieldset>
  );
}
