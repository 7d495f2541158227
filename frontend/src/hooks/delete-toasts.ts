import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import i18n from '@/i18n';
import { isConflict, serverMessage } from '@/lib/api-client';
import { restoreBatch } from '@/lib/trash';

/** The callbacks of one delete: `onSuccess` takes the batch the delete answered. */
export interface DeleteToasts {
  onSuccess: (batch: string | undefined) => void;
  onError: (error: unknown) => void;
}

/**
 * The success toast of every delete (issue 24): `deleted`, saying the record was moved to the
 * trash, with Undo, which restores its batch and reads every list again.
 */
export function useMovedToTrash(): (deleted: string) => (batch: string | undefined) => void {
  const queryClient = useQueryClient();
  const undo = (batch: string) => {
    restoreBatch(batch).then(
      () => {
        toast({ title: i18n.t('trash.restored') });
        void queryClient.invalidateQueries();
      },
      (error: unknown) => {
        toast({ title: i18n.t('trash.restoreFailed'), description: serverMessage(error), variant: 'destructive' });
      },
    );
  };
  return (deleted) => (batch) => {
    toast({
      title: deleted,
      description: i18n.t('trash.moved'),
      ...(batch === undefined
        ? {}
        : {
            action: {
              label: i18n.t('trash.undo'),
              altText: i18n.t('trash.undoHint'),
              onClick: () => {
                undo(batch);
              },
            },
          }),
    });
  };
}

/**
 * The answer to a delete (core-panel §8, site-content §8): [`useMovedToTrash`]'s toast, or a
 * destructive toast whose title is 'Failed to delete {thing}' and whose description is the
 * server's reason (a 409 names what still refers to the record), else `fallback`. A record
 * changed by someone else since the list was read (412) is not deleted; the toast says so
 * while the list is read again.
 */
export function useDeleteToasts(): (deleted: string, failed: string, fallback?: string) => DeleteToasts {
  const moved = useMovedToTrash();
  return (deleted, failed, fallback) => ({
    onSuccess: moved(deleted),
    onError: (error) => {
      const description = isConflict(error) ? i18n.t('conflict.deleteFailed') : (serverMessage(error) ?? fallback);
      toast({ title: failed, description, variant: 'destructive' });
    },
  });
}
