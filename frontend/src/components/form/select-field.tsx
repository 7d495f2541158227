import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
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
  /** Told the chosen option's value once the form holds it, for the fields that follow from it. */
  onChosen?: (value: string) => void;
  disabled?: boolean;
  className?: string;
}

/** The option a kept value selects: a term as it is, an id as its digits, none as the empty choice. */
function optionValue(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : '';
}

/**
 * A labelled select bound to `name`, with its message. It shows what the form holds even
 * when its options arrive after the value (a catalog still loading).
 */
export function SelectField<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  options,
  empty,
  read,
  onChosen,
  disabled,
  className,
}: SelectFieldProps<TValues, TTransformed>) {
  const {
    field: { value, onChange, onBlur, ref },
  } = useController({ control, name });
  const error = useFieldError(control, name);
  const selected = optionValue(value);
  return (
    <FormField label={label} error={error} className={className}>
      <Select
        name={name}
        ref={ref}
        onBlur={onBlur}
        disabled={disabled}
        value={selected}
        onChange={(event) => {
          const chosen = event.target.value;
          onChange(read === undefined ? chosen : read(chosen));
          onChosen?.(chosen);
        }}
      >
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
