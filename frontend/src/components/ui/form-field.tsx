import { Slot } from '@radix-ui/react-slot';
import { useId, type ReactElement } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

export interface FormFieldProps {
  label: string;
  /** The message under the control; the control is marked invalid while there is one. */
  error?: string | undefined;
  className?: string;
  /** A single control (input, select, ...) that receives the id and aria attributes. */
  children: ReactElement;
}

/** A label, one control and its error, wired together for assistive technology. */
export function FormField({ label, error, className, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = error !== undefined && error !== '';
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id} className={cn(invalid && 'text-destructive')}>
        {label}
      </Label>
      <Slot id={id} aria-invalid={invalid} aria-describedby={invalid ? errorId : undefined}>
        {children}
      </Slot>
      {invalid && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
