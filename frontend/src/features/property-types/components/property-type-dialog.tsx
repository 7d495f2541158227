import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogContent } from '@/components/form-dialog';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { PropertyTypeInput } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { errorMessage, serverMessage } from '@/lib/api-client';
import { arabicText, optionalText, showServerFieldErrors, textValue } from '@/lib/form';
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

function formValues(propertyType: PropertyType | null): PropertyTypeInput {
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
  const create = useCreatePropertyType();
  const update = useUpdatePropertyType();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PropertyTypeInput>({
    resolver: rulesResolver('propertyType'),
    defaultValues: formValues(propertyType),
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(undefined);
    const input: PropertyTypeInput = {
      nameEn: values.nameEn,
      nameAr: values.nameAr,
      descriptionEn: optionalText(values.descriptionEn),
      descriptionAr: optionalText(values.descriptionAr),
    };
    const failed = (title: string) => (error: unknown) => {
      const onFields = showServerFieldErrors(error, FIELDS, setError);
      if (failures === 'toast') {
        toast({ title, description: serverMessage(error), variant: 'destructive' });
      } else if (!onFields) {
        setFailure(errorMessage(error));
      }
    };
    const succeeded = (title: string) => () => {
      toast({ title });
      onDone();
    };
    if (propertyType === null) {
      create.mutate(input, {
        onSuccess: succeeded(t('propertyTypes.toast.created')),
        onError: failed(t('propertyTypes.toast.createFailed')),
      });
    } else {
      update.mutate(
        { id: propertyType.id, input },
        {
          onSuccess: succeeded(t('propertyTypes.toast.updated')),
          onError: failed(t('propertyTypes.toast.updateFailed')),
        },
      );
    }
  });

  return (
    <FormDialogContent
      title={propertyType === null ? t('propertyTypes.addTitle') : t('propertyTypes.editTitle')}
      onSubmit={(event) => void onSubmit(event)}
      pending={create.isPending || update.isPending}
      failure={failure}
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
    <Dialog
      open={state !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {state !== null && (
        <PropertyTypeForm propertyType={state.propertyType} failures={failures} onDone={onClose} />
      )}
    </Dialog>
  );
}
