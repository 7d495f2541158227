// The locations feature's public face: the Management tabs now, the property form's
// location picker later.
export { CountriesPanel } from './components/countries-panel';
export { CitiesPanel } from './components/cities-panel';
export { RegionsPanel } from './components/regions-panel';
export { useCountries, type Country } from './api/get-countries';
export { useCities, type City } from './api/get-cities';
export { useRegions, type Region } from './api/get-regions';
