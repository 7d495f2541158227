/** A server-side order: a field and its direction. */
export interface SortOrder {
  field: string;
  descending: boolean;
}

/** The `sort` parameter of the contract's lists: the field, with '-' before it when descending. */
export function sortParam({ field, descending }: SortOrder): string {
  return descending ? `-${field}` : field;
}

/** A `sort` parameter read back; null when it is empty. */
export function parseSort(param: string | null): SortOrder | null {
  if (param === null || param === '' || param === '-') return null;
  return param.startsWith('-') ? { field: param.slice(1), descending: true } : { field: param, descending: false };
}

/** The order after a click on the header of `field`: ascending first, then each click turns it. */
export function nextSort(current: SortOrder | null, field: string): SortOrder {
  return current?.field === field ? { field, descending: !current.descending } : { field, descending: false };
}
