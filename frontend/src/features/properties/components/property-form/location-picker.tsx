// Country, then city, then region (core-panel §2 "Location picker"). Choosing a country
// clears city and region, choosing a city clears region; the city list is read and offered
// once a country is chosen and the region list once a city is (until then the select stays
// disabled, where its message can still show). The English and Arabic location lines are
// composed by the rules from the chosen places and written into the form.
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCities, useCountries, useRegions } from '@/features/locations';
import type { Place } from '@/generated/types';
import { bilingualOrder, useArabicFirst } from '@/lib/bilingual';
import { composeLocation } from '@/lib/rules';
import { ChoiceSelect, TextField, usePropertyForm, type Choice } from './fields';
import { useSettledChoice } from './use-settled-choice';

function place(choices: readonly Choice[] | undefined, id: number | null | undefined): Place | null {
  const found = id == null ? undefined : choices?.find((choice) => choice.id === id);
  return found === undefined ? null : { nameEn: found.nameEn, nameAr: found.nameAr };
}

export function LocationPicker() {
  const { t } = useTranslation('propertyForm');
  const arabicFirst = useArabicFirst();
  const { control, setValue, getValues, getFieldState, resetField } = usePropertyForm();
  const [countryId, cityId, regionId] = useWatch({ control, name: ['countryId', 'cityId', 'regionId'] });

  const countries = useCountries();
  const cities = useCities({ countryId: countryId ?? null });
  const regions = useRegions({ cityId: cityId ?? null });

  useSettledChoice('countryId', countries.data);
  useSettledChoice('cityId', countryId == null ? undefined : cities.data);
  useSettledChoice('regionId', cityId == null ? undefined : regions.data);

  /** Writes the location lines for the places now chosen, as a change the person made. */
  const writeLocation = (parts: { country: Place | null; city: Place | null; region: Place | null }) => {
    const { locationEn, locationAr } = composeLocation(parts);
    setValue('locationEn', locationEn, { shouldDirty: true, shouldValidate: getFieldState('locationEn').invalid });
    setValue('locationAr', locationAr, { shouldDirty: true, shouldValidate: getFieldState('locationAr').invalid });
  };

  // A new listing starts on the rules' default places with no location lines: once those
  // places' names have arrived, their lines become part of what the form starts from.
  const countryPlace = place(countries.data, countryId);
  const cityPlace = place(cities.data, cityId);
  const regionPlace = place(regions.data, regionId);
  const namesKnown =
    countryPlace !== null && (cityId == null || cityPlace !== null) && (regionId == null || regionPlace !== null);
  useEffect(() => {
    if (!namesKnown) return;
    const [locationEn, locationAr] = getValues(['locationEn', 'locationAr']);
    if ((locationEn ?? '') !== '' || (locationAr ?? '') !== '') return;
    if (getFieldState('locationEn').isDirty || getFieldState('locationAr').isDirty) return;
    const composed = composeLocation({ country: countryPlace, city: cityPlace, region: regionPlace });
    resetField('locationEn', { defaultValue: composed.locationEn });
    resetField('locationAr', { defaultValue: composed.locationAr });
  }, [namesKnown, countryPlace, cityPlace, regionPlace, getValues, getFieldState, resetField]);

  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-2 text-base font-semibold">{t('sections.location')}</legend>
      <ChoiceSelect
        name="countryId"
        label={t('fields.country')}
        placeholder={t('select.country')}
        choices={countries.data}
        onChosen={(id) => {
          setValue('cityId', null, { shouldDirty: true });
          setValue('regionId', null, { shouldDirty: true });
          writeLocation({ country: place(countries.data, id), city: null, region: null });
        }}
      />
      <ChoiceSelect
        name="cityId"
        label={t('fields.city')}
        placeholder={t('select.city')}
        choices={cities.data}
        disabled={countryId == null}
        onChosen={(id) => {
          setValue('regionId', null, { shouldDirty: true });
          writeLocation({ country: countryPlace, city: place(cities.data, id), region: null });
        }}
      />
      <ChoiceSelect
        name="regionId"
        label={t('fields.region')}
        placeholder={t('select.region')}
        choices={regions.data}
        disabled={cityId == null}
        onChosen={(id) => {
          writeLocation({ country: countryPlace, city: cityPlace, region: place(regions.data, id) });
        }}
      />
      {bilingualOrder(
        arabicFirst,
        <TextField key="locationEn" name="locationEn" label={t('fields.locationEn')} className="sm:col-span-3" />,
        <TextField key="locationAr" name="locationAr" label={t('fields.locationAr')} arabic className="sm:col-span-3" />,
      )}
    </fieldset>
  );
}
