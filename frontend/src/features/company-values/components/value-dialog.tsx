import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageSourceField } from '@/components/form';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { BilingualTextFields } from '@/components/bilingual-fields';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RecordHistory } from '@/features/history';
import type { CompanyValueInput } from '@/generated/types';
import { useSaveRecord } from '@/hooks/use-save-record';
import { optionalText, textValue, type Draft } from '@/lib/form';
import { checkCategoryUpload, coerceDisplayOrder, constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import type { CompanyValue } from '../api/get-company-values';
import { useCreateCompanyValue, useUpdateCompanyValue } from '../api/save-company-value';

const FIELDS = [
  'titleEn',
  'titleAr',
  'descriptionEn',
  'descriptionAr',
  'iconClass',
  'imageUrl',
  'imageData',
  'displayOrder',
] as const satisfies readonly (keyof CompanyValueInput)[];

/** Closed, adding (`value: null`) or editing a company value. */
export type ValueDialogState = { value: CompanyValue | null } | null;

function formValues(value: CompanyValue | null): Draft<CompanyValueInput> {
  const source = value ?? constants().newForms.companyValue;
  return {
    titleEn: source.titleEn,
    titleAr: source.titleAr,
    descriptionEn: source.descriptionEn,
    descriptionAr: source.descriptionAr,
    iconClass: textValue(source.iconClass),
    imageUrl: source.imageUrl ?? null,
    imageData: source.imageData ?? null,
    displayOrder: source.displayOrder,
    isActive: source.isActive,
  };
}

function ValueForm({ value, onDone }: { value: CompanyValue | null; onDone: () => void }) {
  const { t } = useTranslation('companyValues');
  const form = useForm<Draft<CompanyValueInput>, unknown, CompanyValueInput>({
    resolver: rulesResolver('companyValue'),
    defaultValues: formValues(value),
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isDirty },
  } = form;
  const titleEn = useWatch({ control, name: 'titleEn' });
  // Site §8 only logs a failed save: here the dialog stays open and says why.
  const { save, pending, failure, conflict } = useSaveRecord({
    record: value,
    create: useCreateCompanyValue(),
    update: useUpdateCompanyValue(),
    fields: FIELDS,
    form,
    formValues,
    saved: { created: t('toast.created'), updated: t('toast.updated') },
    onDone,
  });

  const onSubmit = handleSubmit((values) => {
    save({
      ...values,
      iconClass: optionalText(values.iconClass) ?? constants().companyValueIconDefault,
      imageUrl: optionalText(values.imageUrl),
      imageData: optionalText(values.imageData),
    });
  });

  return (
    <FormDialogContent
      title={value === null ? t('addTitle') : t('editTitle')}
      submitLabel={value === null ? t('create') : t('update')}
      onSubmit={(event) => void onSubmit(event)}
      pending={pending}
      unsaved={isDirty}
      failure={failure}
      conflict={conflict}
      history={value !== null && <RecordHistory entity="companyValue" id={value.id} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <BilingualTextFields
          register={register}
          errors={errors}
          english="titleEn"
          arabic="titleAr"
          labels={{ english: t('fields.titleEn'), arabic: t('fields.titleAr') }}
        />
        <BilingualTextFields
          register={register}
          errors={errors}
          english="descriptionEn"
          arabic="descriptionAr"
          labels={{ english: t('fields.descriptionEn'), arabic: t('fields.descriptionAr') }}
          rows={4}
        />
        <FormField label={t('fields.iconClass')} error={errors.iconClass?.message}>
          <Input dir="ltr" placeholder={constants().companyValueIconDefault} {...register('iconClass')} />
        </FormField>
        <FormField label={t('fields.displayOrder')} error={errors.displayOrder?.message}>
          <Input type="number" inputMode="numeric" {...register('displayOrder', { setValueAs: coerceDisplayOrder })} />
        </FormField>
      </div>
      <ImageSourceField
        control={control}
        names={{ data: 'imageData', url: 'imageUrl' }}
        label={t('fields.image')}
        hint={t('imageHint')}
        words={{ upload: t('image.upload'), orUrl: t('image.orUrl'), remove: t('image.remove') }}
        check={checkCategoryUpload}
        alt={titleEn ?? ''}
        previewSize={128}
      />
    </FormDialogContent>
  );
}

/** 'Add Company Value' / 'Edit Company Value' (site-content §2), at most 4xl wide. */
export function ValueDialog({ state, onClose }: { state: ValueDialogState; onClose: () => void }) {
  return (
    <FormDialog open={state !== null} onClose={onClose}>
      {state !== null && <ValueForm value={state.value} onDone={onClose} />}
    </FormDialog>
  );
}
