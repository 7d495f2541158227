// The trash (issue 24, ADR 0022): every delete answers the batch it moved its records to in
// `X-Trash-Batch`; restoring that batch undoes it.
import { api, dataOf } from '@/lib/api-client';

export const TRASH_BATCH_HEADER = 'X-Trash-Batch';

/** The batch a delete's answer names, to undo it by; none from a server that keeps no trash. */
export async function trashBatch(call: Promise<{ response: Response }>): Promise<string | undefined> {
  const { response } = await call;
  return response.headers.get(TRASH_BATCH_HEADER) ?? undefined;
}

/** Puts back everything the delete that answered `batch` moved to the trash. */
export function restoreBatch(batch: string): Promise<{ restored: number }> {
  return dataOf(api.POST('/api/trash/batches/{batch}/restore', { params: { path: { batch } } }));
}
