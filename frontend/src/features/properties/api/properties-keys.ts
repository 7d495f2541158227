/**
 * Every properties query starts with this key (lists, pages, one record, its features), so
 * one invalidation refreshes them all.
 */
export const propertiesQueryKey = ['/api/properties'] as const;

/** The side bar's and the dashboard's figures, read again after any property change. */
export const statsQueryKey = ['/api/stats'] as const;
