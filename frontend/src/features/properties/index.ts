// The properties feature's public face: the dashboard's recent listings read the same pages
// and show the same status badges and amounts; the statistics are read again after any
// property change, under the key kept here. The quick form's page offers the property form
// beside its own, uploads its images the same way and offers sale or rent as it does. The
// dashboard names the portals as the list does, and counts listings blocked on them.
export { propertiesPageQueryOptions, usePropertiesPage, useProperty, type Property } from './api/get-properties';
export { propertiesQueryKey, statsQueryKey } from './api/properties-keys';
export { StatusBadge } from './components/status-badge';
export { continentLabel } from './components/listing-text';
export { PropertyForm } from './components/property-form';
export { uploadImages } from './api/upload-images';
export {
  isOfferingType,
  isRentFrequency,
  lifecycleLabel,
  lifecycleTerms,
  statusChoices,
} from './components/property-form/offering';
export { usePortalName } from './components/portal-names';
export type { PropertyStats } from '@/generated/types';
