// The property-types feature's public face: the Management screen lists the same types.
export { usePropertyTypes, type PropertyType } from './api/get-property-types';
export {
  PropertyTypeDialog,
  type FailureReport,
  type PropertyTypeDialogState,
} from './components/property-type-dialog';
export { useDeletePropertyTypeWithToasts } from './components/use-delete-property-type-with-toasts';
