import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFieldError } from './use-field-error';

export interface NumberFieldProps<TValues extends FieldValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  /** A number field of the form: any other name fails to typecheck. */
  name: FieldPathByValue<TValues, number | null | undefined>;
  label: string;
  /** How the entry is read, by the rules: an optional decimal or whole number, a room count. */
  read: (entry: unknown) => number | null;
  inputMode?: 'decimal' | 'numeric';
  step?: number | 'any';
  /** The range the rules accept, set on the input and said under it. */
  bounds?: { min: number; max: number; hint: string } | undefined;
  className?: string;
}

/** A labelled number input registered under `name`, read by the rules, with its message. */
export function NumberField<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  read,
  inputMode = 'decimal',
  step = 'any',
  bounds,
  className,
}: NumberFieldProps<TValues, TTransformed>) {
  const error = useFieldError(control, name);
  return (
    <FormField label={label} error={error} hint={bounds?.hint} className={className}>
      <Input
        type="number"
        inputMode={inputMode}
        step={step}
        min={bounds?.min}
        max={bounds?.max}
        {...control.register(name, { setValueAs: read })}
      />
    </FormField>
  );
}
