// The properties feature's public face: the dashboard's recent listings read the same pages
// and show the same status badges and amounts; the statistics are read again after any
// property change, under the key kept here.
export { propertiesPageQueryOptions, usePropertiesPage, type Property } from './api/get-properties';
export { propertiesQueryKey, statsQueryKey } from './api/properties-keys';
export { StatusBadge } from './components/status-badge';
export { continentLabel, formatAmount } from './components/listing-text';
