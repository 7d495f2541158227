import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BilingualNameFields } from '@/components/bilingual-fields';
import { AuthorityField } from '@/components/form';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { RecordHistory } from '@/features/history';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import type { CityInput } from '@/generated/types';
import { useSaveRecord } from '@/hooks/use-save-record';
import { type Draft, chosenId, idValue } from '@/lib/form';
import { constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreateCity } from '../api/create-city';
import type { City } from '../api/get-cities';
import { useCountries } from '../api/get-countries';
import { useUpdateCity } from '../api/update-city';
import { usePlaceName } from './places-panel';

const FIELDS = ['nameEn', 'nameAr', 'countryId', 'advertisingAuthority'] as const satisfies readonly (keyof CityInput)[];

/** Closed, adding (`city: null`) or editing a city. */
export type CityDialogState = { city: City | null } | null;

function formValues(city: City | null): Draft<CityInput> {
  const { nameEn, nameAr, countryId, advertisingAuthority } = city ?? constants().newForms.city;
  return { nameEn, nameAr, countryId, advertisingAuthority: advertisingAuthority ?? null };
}

function CityForm({ city, onDone }: { city: City | null; onDone: () => void }) {
  const { t } = useTranslation();
  const placeName = usePlaceName();
  const countries = useCountries();
  const form = useForm<Draft<CityInput>, unknown, CityInput>({ resolver: rulesResolver('city'), defaultValues: formValues(city) });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;
  // No toast for a failed save (site-content §8); the reason shows in the dialog.
  const { save, pending, failure, conflict } = useSaveRecord({
    record: city,
    create: useCreateCity(),
    update: useUpdateCity(),
    fields: FIELDS,
    form,
    formValues,
    saved: { created: t('locations.cities.toast.created'), updated: t('locations.cities.toast.updated') },
    onDone,
  });

  return (
    <FormDialogContent
      title={city === null ? t('locations.cities.addTitle') : t('locations.cities.editTitle')}
      onSubmit={(event) => void handleSubmit(save)(event)}
      pending={pending}
      unsaved={isDirty}
      failure={failure}
      conflict={conflict}
      history={city !== null && <RecordHistory entity="city" id={city.id} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <BilingualNameFields register={register} errors={errors} />
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
                    {placeName(country.nameEn, country.nameAr)}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
        />
        <AuthorityField control={control} name="advertisingAuthority" label={t('authority.label')} hint={t('authority.hint')} />
      </div>
    </FormDialogContent>
  );
}

export function CityDialog({ state, onClose }: { state: CityDialogState; onClose: () => void }) {
  return (
    <FormDialog open={state !== null} onClose={onClose}>
      {state !== null && <CityForm city={state.city} onDone={onClose} />}
    </FormDialog>
  );
}
