// Who regulates advertising where the listing is (issue 39), as the form works it out from
// the country, city and region it has chosen.
import { useWatch, type Control } from 'react-hook-form';
import { useCities, useCountries, useRegions } from '@/features/locations';
import type { Term } from '@/generated/types';
import type { ParsedPropertyForm, PropertyFormValues } from './form-values';
import { lifecycleTerms } from './offering';

/** What a place says of its authority: a name, or none (absent or blank). */
type AuthorityOf = { advertisingAuthority?: string | null } | undefined;

/**
 * The authority of a listing's place: the region's, else the city's, else the country's,
 * blank counting as none (the rules' `advertising::closest`, which the server applies).
 */
export function closestAuthority(region: AuthorityOf, city: AuthorityOf, country: AuthorityOf): string | null {
  for (const place of [region, city, country]) {
    const name = place?.advertisingAuthority?.trim() ?? '';
    if (name !== '') return name;
  }
  return null;
}

/** The rules' term for a known authority named in any case (DLD, ADREC, REGA), else none. */
export function knownAuthority(name: string | null): Term | undefined {
  if (name === null) return undefined;
  const wanted = name.trim().toUpperCase();
  return lifecycleTerms('advertisingAuthorities').find((term) => term.value.toUpperCase() === wanted);
}

/** REGA's licences rest on a brokerage contract, whose end a listing there carries. */
export function needsContract(authority: string | null): boolean {
  return knownAuthority(authority)?.value === 'REGA';
}

function byId<T extends { id: number }>(records: readonly T[] | undefined, id: number | null | undefined): T | undefined {
  return id == null ? undefined : records?.find((record) => record.id === id);
}

/**
 * The authority governing the place the form has chosen, from the catalogs the location
 * picker reads (the same queries); none while they load or where no level names one.
 */
export function useAdvertisingAuthority(control: Control<PropertyFormValues, unknown, ParsedPropertyForm>): string | null {
  const [countryId, cityId, regionId] = useWatch({ control, name: ['countryId', 'cityId', 'regionId'] });
  const countries = useCountries();
  const cities = useCities({ countryId: countryId ?? null });
  const regions = useRegions({ cityId: cityId ?? null });
  return closestAuthority(
    byId(regions.data, regionId),
    byId(cities.data, cityId),
    byId(countries.data, countryId),
  );
}
