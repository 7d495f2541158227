import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BilingualDescriptionFields, BilingualNameFields } from '@/components/bilingual-fields';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { RecordHistory } from '@/features/history';
import type { CategoryInput } from '@/generated/types';
import { useSaveRecord } from '@/hooks/use-save-record';
import { type Draft, optionalText, textValue } from '@/lib/form';
import { constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreateCategory } from '../api/create-category';
import type { Category } from '../api/get-categories';
import { useUpdateCategory } from '../api/update-category';
import { ImagePicker } from './image-picker';

const FIELDS = ['nameEn', 'nameAr', 'descriptionEn', 'descriptionAr', 'imageUrl'] as const satisfies readonly (keyof CategoryInput)[];

/** Closed, adding (`category: null`) or editing a category. */
export type CategoryDialogState = { category: Category | null } | null;

function formValues(category: Category | null): Draft<CategoryInput> {
  const source = category ?? constants().newForms.category;
  return {
    nameEn: source.nameEn,
    nameAr: source.nameAr,
    descriptionEn: textValue(source.descriptionEn),
    descriptionAr: textValue(source.descriptionAr),
    imageUrl: source.imageUrl,
  };
}

function CategoryForm({ category, onDone }: { category: Category | null; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Draft<CategoryInput>, unknown, CategoryInput>({ resolver: rulesResolver('category'), defaultValues: formValues(category) });
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isDirty },
  } = form;
  const [imageUrl, nameEn] = useWatch({ control, name: ['imageUrl', 'nameEn'] });
  const { save, pending, conflict } = useSaveRecord({
    record: category,
    create: useCreateCategory(),
    update: useUpdateCategory(),
    fields: FIELDS,
    form,
    formValues,
    saved: { created: t('categories.toast.created'), updated: t('categories.toast.updated') },
    failed: { createFailed: t('categories.toast.createFailed'), updateFailed: t('categories.toast.updateFailed') },
    onDone,
  });

  const onSubmit = handleSubmit((values) => {
    save({
      nameEn: values.nameEn,
      nameAr: values.nameAr,
      descriptionEn: optionalText(values.descriptionEn),
      descriptionAr: optionalText(values.descriptionAr),
      imageUrl: optionalText(values.imageUrl),
    });
  });

  return (
    <FormDialogContent
      title={category === null ? t('categories.addTitle') : t('categories.editTitle')}
      onSubmit={(event) => void onSubmit(event)}
      pending={pending}
      unsaved={isDirty}
      conflict={conflict}
      history={category !== null && <RecordHistory entity="category" id={category.id} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <BilingualNameFields register={register} errors={errors} />
        <BilingualDescriptionFields register={register} errors={errors} />
      </div>
      <ImagePicker
        value={imageUrl ?? null}
        alt={nameEn ?? ''}
        error={errors.imageUrl?.message}
        onChange={(value) => {
          setValue('imageUrl', value, { shouldDirty: true });
        }}
      />
    </FormDialogContent>
  );
}

export function CategoryDialog({ state, onClose }: { state: CategoryDialogState; onClose: () => void }) {
  return (
    <FormDialog open={state !== null} onClose={onClose}>
      {state !== null && <CategoryForm category={state.category} onDone={onClose} />}
    </FormDialog>
  );
}
