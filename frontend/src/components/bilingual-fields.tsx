import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { englishText } from '@/components/ltr';
import { bilingualOrder, useArabicFirst } from '@/lib/bilingual';
import { arabicText } from '@/lib/form';

interface BilingualTextFieldsProps<TValues extends FieldValues> {
  register: UseFormRegister<TValues>;
  errors: FieldErrors<TValues>;
  english: Path<TValues>;
  arabic: Path<TValues>;
  labels: { english: string; arabic: string };
  /** Rows of a text area; a one-line input without. */
  rows?: number;
}

/**
 * The English and Arabic fields of a pair in the interface's order (the Arabic one first in
 * an Arabic interface), each written in its own direction whatever the page's.
 */
export function BilingualTextFields<TValues extends FieldValues>({
  register,
  errors,
  english,
  arabic,
  labels,
  rows,
}: BilingualTextFieldsProps<TValues>) {
  const arabicFirst = useArabicFirst();
  const field = (name: Path<TValues>, label: string, direction: typeof englishText | typeof arabicText) => {
    const message = errors[name]?.message;
    return (
      <FormField key={name} label={label} error={typeof message === 'string' ? message : undefined}>
        {rows === undefined ? (
          <Input {...direction} {...register(name)} />
        ) : (
          <Textarea rows={rows} {...direction} {...register(name)} />
        )}
      </FormField>
    );
  };
  return (
    <>{bilingualOrder(arabicFirst, field(english, labels.english, englishText), field(arabic, labels.arabic, arabicText))}</>
  );
}

interface BilingualFieldsProps<TValues extends FieldValues> {
  register: UseFormRegister<TValues>;
  errors: FieldErrors<TValues>;
}

/** A record's English and Arabic names. */
export function BilingualNameFields<TValues extends { nameEn?: string | null; nameAr?: string | null }>({
  register,
  errors,
}: BilingualFieldsProps<TValues>) {
  const { t } = useTranslation();
  return (
    <BilingualTextFields
      register={register}
      errors={errors}
      english={'nameEn' as Path<TValues>}
      arabic={'nameAr' as Path<TValues>}
      labels={{ english: t('fields.nameEn'), arabic: t('fields.nameAr') }}
    />
  );
}

/** A record's English and Arabic descriptions. */
export function BilingualDescriptionFields<
  TValues extends {
    descriptionEn?: string | null;
    descriptionAr?: string | null;
  },
>({ register, errors }: BilingualFieldsProps<TValues>) {
  const { t } = useTranslation();
  return (
    <BilingualTextFields
      register={register}
      errors={errors}
      english={'descriptionEn' as Path<TValues>}
      arabic={'descriptionAr' as Path<TValues>}
      labels={{
        english: t('fields.descriptionEn'),
        arabic: t('fields.descriptionAr'),
      }}
      rows={3}
    />
  );
}
