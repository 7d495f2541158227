import { useTranslation } from 'react-i18next';
import { useDeleteToasts } from '@/hooks/delete-toasts';
import { useDeletePropertyType } from '../api/delete-property-type';
import type { PropertyType } from '../api/get-property-types';

/**
 * Deletes a property type and says how it went: 'Property type deleted successfully', or
 * 'Failed to delete property type' with the server's reason (core §8, site-content §8).
 */
export function useDeletePropertyTypeWithToasts(): (propertyType: PropertyType) => void {
  const { t } = useTranslation();
  const remove = useDeletePropertyType();
  const deleteToasts = useDeleteToasts();
  return (propertyType) => {
    remove.mutate(
      propertyType,
      deleteToasts(
        t('propertyTypes.toast.deleted'),
        t('propertyTypes.toast.deleteFailed'),
        t('propertyTypes.toast.deleteFailed'),
      ),
    );
  };
}
