import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BilingualNameFields } from '@/components/bilingual-fields';
import { AuthorityField } from '@/components/form';
import { FormDialog, FormDialogContent } from '@/components/form-dialog';
import { RecordHistory } from '@/features/history';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import type { RegionInput } from '@/generated/types';
import { useSaveRecord } from '@/hooks/use-save-record';
import { type Draft, chosenId, idValue } from '@/lib/form';
import { constants } from '@/lib/rules';
import { rulesResolver } from '@/lib/rules/resolver';
import { useCreateRegion } from '../api/create-region';
import { useCities } from '../api/get-cities';
import { useCountries } from '../api/get-countries';
import type { Region } from '../api/get-regions';
import { useUpdateRegion } from '../api/update-region';
import { usePlaceName } from './places-panel';

const FIELDS = ['nameEn', 'nameAr', 'cityId', 'advertisingAuthority'] as const satisfies readonly (keyof RegionInput)[];

/** Closed, adding (`region: null`) or editing a region. */
export type RegionDialogState = { region: Region | null } | null;

function formValues(region: Region | null): Draft<RegionInput> {
  const { nameEn, nameAr, cityId, advertisingAuthority } = region ?? constants().newForms.region;
  return { nameEn, nameAr, cityId, advertisingAuthority: advertisingAuthority ?? null };
}

/**
 * A region belongs to a city; the city is picked from the chosen country's cities, so
 * the country comes first and choosing another country clears the city.
 */
function RegionForm({ region, onDone }: { region: Region | null; onDone: () => void }) {
  const { t } = useTranslation();
  const placeName = usePlaceName();
  const [countryId, setCountryId] = useState<number | null>(region?.countryId ?? null);
  const countries = useCountries();
  const cities = useCities({ countryId });
  const form = useForm<Draft<RegionInput>, unknown, RegionInput>({ resolver: rulesResolver('region'), defaultValues: formValues(region) });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isDirty },
  } = form;
  // No toast for a failed save (site-content §8); the reason shows in the dialog.
  const { save, pending, failure, conflict } = useSaveRecord({
    record: region,
    create: useCreateRegion(),
    update: useUpdateRegion(),
    fields: FIELDS,
    form,
    formValues,
    saved: { created: t('locations.regions.toast.created'), updated: t('locations.regions.toast.updated') },
    // A city taken from the current record lies in the current record's country.
    onReload: (current, values) => {
      if (values.cityId === current.cityId) setCountryId(current.countryId);
    },
    onDone,
  });

  return (
    <FormDialogContent
      title={region === null ? t('locations.regions.addTitle') : t('locations.regions.editTitle')}
      onSubmit={(event) => void handleSubmit(save)(event)}
      pending={pending}
      unsaved={isDirty}
      failure={failure}
      conflict={conflict}
      history={region !== null && <RecordHistory entity="region" id={region.id} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <BilingualNameFields register={register} errors={errors} />
        <FormField label={t('fields.country')}>
          <Select
            value={idValue(countryId)}
            onChange={(event) => {
              setCountryId(chosenId(event.target.value));
              setValue('cityId', null, { shouldDirty: true });
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
        <Controller
          control={control}
          name="cityId"
          render={({ field }) => (
            <FormField label={t('fields.city')} error={errors.cityId?.message}>
              <Select
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                disabled={countryId === null}
                value={idValue(field.value)}
                onChange={(event) => {
                  field.onChange(chosenId(event.target.value));
                }}
              >
                <option value="">{t('fields.selectCity')}</option>
                {(cities.data ?? []).map((city) => (
                  <option key={city.id} value={city.id}>
                    {placeName(city.nameEn, city.nameAr)}
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

export function RegionDialog({ state, onClose }: { state: RegionDialogState; onClose: () => void }) {
  return (
    <FormDialog open={state !== null} onClose={onClose}>
      {state !== null && <RegionForm region={state.region} onDone={onClose} />}
    </FormDialog>
  );
}
