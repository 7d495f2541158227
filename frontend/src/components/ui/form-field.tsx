import { Slot } from '@radix-ui/react-slot';
import { useId, type ReactElement } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

export interface FormFieldProps {
  label: string;
  /** The message under the control; the control is marked invalid while there is one. */
  error?: string | undefined;
  /** What the control accepts ('From 1800 to 2026'), shown under it while there is no error. */
  hint?: string | undefined;
  className?: string;
  /** A single control (input, select, ...) that receives the id and aria attributes. */
  children: ReactElement;
}

/** A label, one control and its error, wired together for assistive technology. */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = error !== undefined && error !== '';
  const hinted = !invalid && hint !== undefined && hint !== '';
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id} className={cn(invalid && 'text-destructive')}>
        {label}
      </Label>
      <Slot id={id} aria-invalid={invalid} aria-describedby={invalid ? errorId : hinted ? hintId : undefined}>
        {children}
      </Slot>
      {hinted && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {invalid && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
