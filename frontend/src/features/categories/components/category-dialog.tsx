import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogContent } from '@/components/form-dialog';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { CategoryInput } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/api-client';
import { arabicText, optionalText, showServerFieldErrors, textValue } from '@/lib/form';
import { constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreateCategory } from '../api/create-category';
import type { Category } from '../api/get-categories';
import { useUpdateCategory } from '../api/update-category';
import { ImagePicker } from './image-picker';

const FIELDS = ['nameEn', 'nameAr', 'descriptionEn', 'descriptionAr', 'imageUrl'] as const satisfies readonly (keyof CategoryInput)[];

/** Closed, adding (`category: null`) or editing a category. */
export type CategoryDialogState = { category: Category | null } | null;

function formValues(category: Category | null): CategoryInput {
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
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<CategoryInput>({ resolver: rulesResolver('category'), defaultValues: formValues(category) });
  const [imageUrl, nameEn] = useWatch({ control, name: ['imageUrl', 'nameEn'] });

  const onSubmit = handleSubmit((values) => {
    const input: CategoryInput = {
      nameEn: values.nameEn,
      nameAr: values.nameAr,
      descriptionEn: optionalText(values.descriptionEn),
      descriptionAr: optionalText(values.descriptionAr),
      imageUrl: optionalText(values.imageUrl),
    };
    const failed = (title: string) => (error: unknown) => {
      showServerFieldErrors(error, FIELDS, setError);
      toast({ title, description: serverMessage(error), variant: 'destructive' });
    };
    if (category === null) {
      create.mutate(input, {
        onSuccess: () => {
          toast({ title: t('categories.toast.created') });
          onDone();
        },
        onError: failed(t('categories.toast.createFailed')),
      });
    } else {
      update.mutate(
        { id: category.id, input },
        {
          onSuccess: () => {
            toast({ title: t('categories.toast.updated') });
            onDone();
          },
          onError: failed(t('categories.toast.updateFailed')),
        },
      );
    }
  });

  return (
    <FormDialogContent
      title={category === null ? t('categories.addTitle') : t('categories.editTitle')}
      onSubmit={(event) => void onSubmit(event)}
      pending={create.isPending || update.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('fields.nameEn')} error={errors.nameEn?.message}>
          <Input {...register('nameEn')} />
        </FormField>
        <FormField label={t('fields.nameAr')} error={errors.nameAr?.message}>
          <Input {...arabicText} {...register('nameAr')} />
        </FormField>
        <FormField label={t('fields.descriptionEn')} error={errors.descriptionEn?.message}>
          <Textarea rows={3} {...register('descriptionEn')} />
        </FormField>
        <FormField label={t('fields.descriptionAr')} error={errors.descriptionAr?.message}>
          <Textarea rows={3} {...arabicText} {...register('descriptionAr')} />
        </FormField>
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
    <Dialog
      open={state !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {state !== null && <CategoryForm category={state.category} onDone={onClose} />}
    </Dialog>
  );
}
