import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A native select with the inputs' look: keyboard, screen-reader and mobile behaviour (and
 * the arrow) come from the browser. Options are passed as `<option>` children; being one
 * element, it takes a form field's id and aria attributes directly.
 */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs transition-colors focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        className,
      )}
      {...props}
    />
  );
}
