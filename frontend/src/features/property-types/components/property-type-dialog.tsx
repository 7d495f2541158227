import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BilingualDescriptionFields, BilingualNameFields } from '@/components/bilingual-fields';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { RecordHistory } from '@/features/history';
import type { PropertyTypeInput } from '@/generated/types';
import { useSaveRecord } from '@/hooks/use-save-record';
import { type Draft, optionalText, textValue } from '@/lib/form';
import { constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreatePropertyType } from '../api/create-property-type';
import type { PropertyType } from '../api/get-property-types';
import { useUpdatePropertyType } from '../api/update-property-type';

const FIELDS = ['nameEn', 'nameAr', 'descriptionEn', 'descriptionAr'] as const satisfies readonly (keyof PropertyTypeInput)[];

/** Closed, adding (`propertyType: null`) or editing a property type. */
export type PropertyTypeDialogState = { propertyType: PropertyType | null } | null;

/**
 * How a failed save is reported besides the field messages: a toast (core-panel §8, the
 * Property types page) or, where the specification wants no toast (site-content §8, the
 * Management page), the server's message inside the dialog.
 */
export type FailureReport = 'toast' | 'inline';

function formValues(propertyType: PropertyType | null): Draft<PropertyTypeInput> {
  const source = propertyType ?? constants().newForms.propertyType;
  return {
    nameEn: source.nameEn,
    nameAr: source.nameAr,
    descriptionEn: textValue(source.descriptionEn),
    descriptionAr: textValue(source.descriptionAr),
  };
}

function PropertyTypeForm({
  propertyType,
  failures,
  onDone,
}: {
  propertyType: PropertyType | null;
  failures: FailureReport;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Draft<PropertyTypeInput>, unknown, PropertyTypeInput>({
    resolver: rulesResolver('propertyType'),
    defaultValues: formValues(propertyType),
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;
  const { save, pending, failure, conflict } = useSaveRecord({
    record: propertyType,
    create: useCreatePropertyType(),
    update: useUpdatePropertyType(),
    fields: FIELDS,
    form,
    formValues,
    saved: { created: t('propertyTypes.toast.created'), updated: t('propertyTypes.toast.updated') },
    failed:
      failures === 'toast'
        ? { createFailed: t('propertyTypes.toast.createFailed'), updateFailed: t('propertyTypes.toast.updateFailed') }
        : undefined,
    onDone,
  });

  const onSubmit = handleSubmit((values) => {
    save({
      nameEn: values.nameEn,
      nameAr: values.nameAr,
      descriptionEn: optionalText(values.descriptionEn),
      descriptionAr: optionalText(values.descriptionAr),
    });
  });

  return (
    <FormDialogContent
      title={propertyType === null ? t('propertyTypes.addTitle') : t('propertyTypes.editTitle')}
      onSubmit={(event) => void onSubmit(event)}
      pending={pending}
      unsaved={isDirty}
      failure={failure}
      conflict={conflict}
      history={propertyType !== null && <RecordHistory entity="propertyType" id={propertyType.id} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <BilingualNameFields register={register} errors={errors} />
        <BilingualDescriptionFields register={register} errors={errors} />
      </div>
    </FormDialogContent>
  );
}

export function PropertyTypeDialog({
  state,
  failures,
  onClose,
}: {
  state: PropertyTypeDialogState;
  failures: FailureReport;
  onClose: () => void;
}) {
  return (
    <FormDialog open={state !== null} onClose={onClose}>
      {state !== null && (
        <PropertyTypeForm propertyType={state.propertyType} failures={failures} onDone={onClose} />
      )}
    </FormDialog>
  );
}
