// What other features may use of the dashboard: the statistics query the side bar's badge
// shares.
export { statsQueryOptions, useStats, type PropertyStats } from './api/get-stats';
