// The properties feature's public face: the dashboard's recent listings read the same pages
// and show the same status badges and amounts.
export { propertiesPageQueryOptions, propertiesQueryKey, usePropertiesPage, type Property } from './api/get-properties';
export { StatusBadge } from './components/status-badge';
export { continentLabel, formatAmount } from './components/listing-text';
