import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogContent } from '@/components/form-dialog';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { CountryInput } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { arabicText, showServerFieldErrors } from '@/lib/form';
import { constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreateCountry } from '../api/create-country';
import type { Country } from '../api/get-countries';
import { useUpdateCountry } from '../api/update-country';

const FIELDS = ['nameEn', 'nameAr', 'code'] as const satisfies readonly (keyof CountryInput)[];

/** Closed, adding (`country: null`) or editing a country. */
export type CountryDialogState = { country: Country | null } | null;

function formValues(country: Country | null): CountryInput {
  const { nameEn, nameAr, code } = country ?? constants().newForms.country;
  return { nameEn, nameAr, code };
}

function CountryForm({ country, onDone }: { country: Country | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateCountry();
  const update = useUpdateCountry();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CountryInput>({ resolver: rulesResolver('country'), defaultValues: formValues(country) });

  const onSubmit = handleSubmit((input) => {
    setFailure(undefined);
    // No toast for a failed save (site-content §8); the reason shows in the dialog.
    const onError = (error: unknown) => {
      if (!showServerFieldErrors(error, FIELDS, setError)) setFailure(errorMessage(error));
    };
    const succeeded = (title: string) => () => {
      toast({ title });
      onDone();
    };
    if (country === null) {
      create.mutate(input, { onSuccess: succeeded(t('locations.countries.toast.created')), onError });
    } else {
      update.mutate({ id: country.id, input }, { onSuccess: succeeded(t('locations.countries.toast.updated')), onError });
    }
  });

  return (
    <FormDialogContent
      title={country === null ? t('locations.countries.addTitle') : t('locations.countries.editTitle')}
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
        <FormField label={t('fields.code')} error={errors.code?.message}>
          <Input placeholder={t('locations.countries.codePlaceholder')} {...register('code')} />
        </FormField>
      </div>
    </FormDialogContent>
  );
}

export function CountryDialog({ state, onClose }: { state: CountryDialogState; onClose: () => void }) {
  return (
    <Dialog
      open={state !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {state !== null && <CountryForm country={state.country} onDone={onClose} />}
    </Dialog>
  );
}
