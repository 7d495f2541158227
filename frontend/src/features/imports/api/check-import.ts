import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { ImportMapping } from './types';

/**
 * `PUT /api/imports/{id}`: the server reads every row through the mapping and answers what
 * the import would do, with the first errors. A mapping it cannot use answers 422.
 */
export function checkImport(id: number, mapping: ImportMapping) {
  return dataOf(api.PUT('/api/imports/{id}', { params: { path: { id } }, body: mapping }));
}

export function useCheckImport(id: number) {
  return useMutation({ mutationFn: (mapping: ImportMapping) => checkImport(id, mapping) });
}
