// The wizard's addresses: where it starts, where one import is followed (its id in the
// address, so a reload finds it again), and the listings an import wrote.

export const IMPORT_PATH = '/properties/import';

/** The properties list filtered to the listings that import `id` created or updated. */
export function importedListingsPath(id: number): string {
  return `/properties?importId=${id}`;
}

/** The `importId` of a properties list address: a whole number from 1, else none. */
export function importIdFrom(search: string): number | undefined {
  const id = Number(new URLSearchParams(search).get('importId'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
