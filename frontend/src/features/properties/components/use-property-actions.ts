import { useTranslation } from 'react-i18next';
import { useDeleteToasts } from '@/hooks/delete-toasts';
import { toast } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/api-client';
import { useDeleteProperty } from '../api/delete-property';
import { useDuplicateProperty } from '../api/duplicate-property';
import type { Property } from '../api/get-properties';

/**
 * Deletes a listing: gone from the list at once, back if the server refuses (core-panel §4),
 * with 'Property deleted successfully' or 'Failed to delete property' and the server's reason.
 */
export function useDeletePropertyWithToasts(): (property: Property) => void {
  const { t } = useTranslation('properties');
  const remove = useDeleteProperty();
  const deleteToasts = useDeleteToasts();
  return (property) => {
    remove.mutate(
      property,
      deleteToasts(t('toast.deleted'), t('toast.deleteFailed'), t('toast.deleteFailed')),
    );
  };
}

/**
 * Duplicates a listing with its selected features (core-panel §4): 'Property duplicated
 * successfully', 'Failed to duplicate property', or, when the copy exists but its features
 * could not be given to it, the save sequence's 'Warning'.
 */
export function useDuplicatePropertyWithToasts(): (property: Property) => void {
  const { t } = useTranslation('properties');
  const duplicate = useDuplicateProperty();
  return (property) => {
    duplicate.mutate(property, {
      onSuccess: ({ featuresCopied }) => {
        if (featuresCopied) {
          toast({ title: t('toast.duplicated') });
        } else {
          toast({
            title: t('toast.warning'),
            description: t('toast.featuresNotCopied'),
            variant: 'destructive',
          });
        }
      },
      onError: (error) => {
        toast({ title: t('toast.duplicateFailed'), description: serverMessage(error), variant: 'destructive' });
      },
    });
  };
}
