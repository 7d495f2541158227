import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useFieldError } from './use-field-error';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps<TValues extends FieldValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  /** A field of the form: any other name fails to typecheck. */
  name: FieldPath<TValues>;
  label: string;
  options: readonly SelectOption[];
  /** The empty choice's text ('Select ...', 'Not specified'); without it every choice is an option. */
  empty?: string;
  /** How the chosen option's value is kept: an id as a number, none for the empty choice. */
  read?: (value: string) => unknown;
  className?: string;
}

/** A labelled select registered under `name`, with its message. */
export function SelectField<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  options,
  empty,
  read,
  className,
}: SelectFieldProps<TValues, TTransformed>) {
  const error = useFieldError(control, name);
  return (
    <FormField label={label} error={error} className={className}>
      <Select {...control.register(name, read === undefined ? {} : { setValueAs: read })}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
