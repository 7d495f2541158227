/** Every query of one import starts with this key and its id. */
export function importQueryKey(id: number) {
  return ['/api/imports', id] as const;
}
