// What other features may use of the dashboard: the statistics query the side bar's badge
// shares, and its key, which every property change invalidates.
export { statsQueryKey, statsQueryOptions, useStats, type PropertyStats } from './api/get-stats';
