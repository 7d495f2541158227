import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
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

/** A record's English and Arabic names, the Arabic one written right to left. */
export function BilingualNameFields({ register, errors }: BilingualFieldsProps<BilingualNames>) {
  const { t } = useTranslation();
  return (
    <>
      <FormField label={t('fields.nameEn')} error={errors.nameEn?.message}>
        <Input {...register('nameEn')} />
      </FormField>
      <FormField label={t('fields.nameAr')} error={errors.nameAr?.message}>
        <Input {...arabicText} {...register('nameAr')} />
      </FormField>
    </>
  );
}

/** A record's English and Arabic descriptions, the Arabic one written right to left. */
export function BilingualDescriptionFields({ register, errors }: BilingualFieldsProps<BilingualDescriptions>) {
  const { t } = useTranslation();
  return (
    <>
      <FormField label={t('fields.descriptionEn')} error={errors.descriptionEn?.message}>
        <Textarea rows={3} {...register('descriptionEn')} />
      </FormField>
      <FormField label={t('fields.descriptionAr')} error={errors.descriptionAr?.message}>
        <Textarea rows={3} {...arabicText} {...register('descriptionAr')} />
      </FormField>
    </>
  );
}
