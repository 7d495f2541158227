// Form fields typed over react-hook-form paths: a name the form does not have, or one of
// another kind (a number for a check box), fails to typecheck.
export { AuthorityField, type AuthorityFieldProps } from './authority-field';
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
export { ImageSourceField, type ImageSourceFieldProps } from './image-source-field';
export { NumberField, type NumberFieldProps } from './number-field';
export { SelectField, type SelectFieldProps, type SelectOption } from './select-field';
export { TextareaField, TextField, type TextareaFieldProps, type TextFieldProps } from './text-field';
export { useFieldError } from './use-field-error';
