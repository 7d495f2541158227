import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialogContent } from '@/components/form-dialog';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { CityInput } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { arabicText, chosenId, idValue, showServerFieldErrors } from '@/lib/form';
import { constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreateCity } from '../api/create-city';
import type { City } from '../api/get-cities';
import { useCountries } from '../api/get-countries';
import { useUpdateCity } from '../api/update-city';

const FIELDS = ['nameEn', 'nameAr', 'countryId'] as const satisfies readonly (keyof CityInput)[];

/** Closed, adding (`city: null`) or editing a city. */
export type CityDialogState = { city: City | null } | null;

function formValues(city: City | null): CityInput {
  const { nameEn, nameAr, countryId } = city ?? constants().newForms.city;
  return { nameEn, nameAr, countryId };
}

function CityForm({ city, onDone }: { city: City | null; onDone: () => void }) {
  const { t } = useTranslation();
  const countries = useCountries();
  const create = useCreateCity();
  const update = useUpdateCity();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CityInput>({ resolver: rulesResolver('city'), defaultValues: formValues(city) });

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
    if (city === null) {
      create.mutate(input, { onSuccess: succeeded(t('locations.cities.toast.created')), onError });
    } else {
      update.mutate({ id: city.id, input }, { onSuccess: succeeded(t('locations.cities.toast.updated')), onError });
    }
  });

  return (
    <FormDialogContent
      title={city === null ? t('locations.cities.addTitle') : t('locations.cities.editTitle')}
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
        <Controller
          control={control}
          name="countryId"
          render={({ field }) => (
            <FormField label={t('fields.country')} error={errors.countryId?.message}>
              <Select
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={idValue(field.value)}
                onChange={(event) => {
                  field.onChange(chosenId(event.target.value));
                }}
              >
                <option value="">{t('fields.selectCountry')}</option>
                {(countries.data ?? []).map((country) => (
                  <option key={country.id} value={country.id}>
                    {t('common.bilingual', { en: country.nameEn, ar: country.nameAr })}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
        />
      </div>
    </FormDialogContent>
  );
}

export function CityDialog({ state, onClose }: { state: CityDialogState; onClose: () => void }) {
  return (
    <Dialog
      open={state !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {state !== null && <CityForm city={state.city} onDone={onClose} />}
    </Dialog>
  );
}
