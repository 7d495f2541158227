import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form';

export interface ActiveFieldProps<TValues extends FieldValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  name: FieldPathByValue<TValues, boolean | null | undefined>;
}

/** The Active/Inactive flag (site-content §4): only active records reach the public site. */
export function ActiveField<TValues extends FieldValues, TTransformed>({
  control,
  name,
}: ActiveFieldProps<TValues, TTransformed>) {
  const { t } = useTranslation('services');
  return <CheckboxField control={control} name={name} label={t('fields.isActive')} hint={t('activeHint')} />;
}
