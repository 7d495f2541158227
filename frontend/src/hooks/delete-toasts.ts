import { toast } from '@/hooks/use-toast';
import i18n from '@/i18n';
import { isConflict, serverMessage } from '@/lib/api-client';

/**
 * The answer to a delete (core-panel §8, site-content §8): the success toast, or a
 * destructive toast whose title is 'Failed to delete {thing}' and whose description is the
 * server's reason (a 409 names what still refers to the record), else `fallback`. A record
 * changed by someone else since the list was read (412) is not deleted; the toast says so
 * while the list is read again.
 */
export function deleteToasts(deleted: string, failed: string, fallback?: string) {
  return {
    onSuccess: () => {
      toast({ title: deleted });
    },
    onError: (error: unknown) => {
      const description = isConflict(error) ? i18n.t('conflict.deleteFailed') : (serverMessage(error) ?? fallback);
      toast({ title: failed, description, variant: 'destructive' });
    },
  };
}
