// The table primitives in the shadcn manner: native elements with the panel's look, which a
// screen composes with the kit's search, sortable header, row actions and pagination.
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A table in its bordered frame, which scrolls sideways when the columns do not fit. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-background">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      className={cn('border-b border-border bg-muted/50 [&_tr]:border-0 [&_tr]:hover:bg-transparent', className)}
      {...props}
    />
  );
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b border-border last:border-0 hover:bg-muted/40', className)} {...props} />;
}

/** A column's header cell. */
export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn('h-11 px-4 text-start align-middle font-medium text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle', className)} {...props} />;
}
