import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { englishText } from '@/components/ltr';
import { arabicText } from '@/lib/form';

interface BilingualNames {
  nameEn?: string | null;
  nameAr?: string | null;
}

interface BilingualDescriptions {
  descriptionEn?: string | null;
  descriptionAr?: string | null;
}

interface BilingualFieldsProps<TValues extends object> {
  register: UseFormRegister<TValues>;
  errors: FieldErrors<TValues>;
}

/** The two fields of a pair in the interface's order: the Arabic one first in an Arabic interface. */
function InInterfaceOrder({ english, arabic }: { english: ReactNode; arabic: ReactNode }) {
  const { i18n } = useTranslation();
  return i18n.language === 'ar' ? (
    <>
      {arabic}
      {english}
    </>
  ) : (
    <>
      {english}
      {arabic}
    </>
  );
}

/**
 * A record's English and Arabic names, the Arabic one written right to left and the English
 * one left to right whatever the interface direction.
 */
export function BilingualNameFields({ register, errors }: BilingualFieldsProps<BilingualNames>) {
  const { t } = useTranslation();
  return (
    <InInterfaceOrder
      english={
        <FormField label={t('fields.nameEn')} error={errors.nameEn?.message}>
          <Input {...englishText} {...register('nameEn')} />
        </FormField>
      }
      arabic={
        <FormField label={t('fields.nameAr')} error={errors.nameAr?.message}>
          <Input {...arabicText} {...register('nameAr')} />
        </FormField>
      }
    />
  );
}

/** A record's English and Arabic descriptions, each written in its own direction. */
export function BilingualDescriptionFields({ register, errors }: BilingualFieldsProps<BilingualDescriptions>) {
  const { t } = useTranslation();
  return (
    <InInterfaceOrder
      english={
        <FormField label={t('fields.descriptionEn')} error={errors.descriptionEn?.message}>
          <Textarea rows={3} {...englishText} {...register('descriptionEn')} />
        </FormField>
      }
      arabic={
        <FormField label={t('fields.descriptionAr')} error={errors.descriptionAr?.message}>
          <Textarea rows={3} {...arabicText} {...register('descriptionAr')} />
        </FormField>
      }
    />
  );
}
