// The comprehensive property form, for the properties list's dialog and the add page.
export { PropertyForm, type PropertyFormProps } from './property-form';
