import { useId } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';

export interface CheckboxFieldProps<TValues extends FieldValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  /** A yes/no field of the form: any other name fails to typecheck. */
  name: FieldPathByValue<TValues, boolean | null | undefined>;
  label: string;
  /** A second line inside the label, under its name. */
  description?: string;
  /** Said under the field, outside the label, as the box's description. */
  hint?: string;
  disabled?: boolean;
  /** The label's classes: where it sits in the form's grid. */
  className?: string;
}

/** A check box and its label, which toggles it too, wired to the form's yes/no field `name`. */
export function CheckboxField<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  description,
  hint,
  disabled,
  className,
}: CheckboxFieldProps<TValues, TTransformed>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const box = (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          id={id}
          name={field.name}
          ref={field.ref}
          checked={field.value === true}
          onCheckedChange={(checked) => {
            field.onChange(checked === true);
          }}
          onBlur={field.onBlur}
          disabled={disabled}
          aria-describedby={hint === undefined ? undefined : hintId}
          className={cn(description !== undefined && 'mt-0.5')}
        />
      )}
    />
  );
  const labelled =
    description === undefined ? (
      <label htmlFor={id} className={cn('flex items-center gap-2 text-sm font-medium', className)}>
        {box}
        {label}
      </label>
    ) : (
      <label htmlFor={id} className={cn('flex items-start gap-2 text-sm', className)}>
        {box}
        <span>
          <span className="font-medium">{label}</span>
          <span className="block text-muted-foreground">{description}</span>
        </span>
      </label>
    );
  if (hint === undefined) return labelled;
  return (
    <div className="grid content-end gap-1">
      {labelled}
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
