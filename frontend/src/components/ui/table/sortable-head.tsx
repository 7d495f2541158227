import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from '../button';
import { nextSort, type SortOrder } from './sort-order';
import { TableHead } from './table';

export interface SortableHeadProps {
  /** The server's sort field this header orders the rows by. */
  field: string;
  /** The order the rows are shown in; null for the server's default. */
  sort: SortOrder | null;
  onSortChange: (sort: SortOrder) => void;
  className?: string;
  children: ReactNode;
}

/** A header that orders the rows by its field; `aria-sort` tells the order shown. */
export function SortableHead({ field, sort, onSortChange, className, children }: SortableHeadProps) {
  const active = sort?.field === field;
  const Icon = !active ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp;
  return (
    <TableHead aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined} className={className}>
      <Button
        variant="ghost"
        size="sm"
        className="-ms-3 h-8 px-3 text-sm font-medium text-muted-foreground hover:text-foreground"
        onClick={() => {
          onSortChange(nextSort(sort, field));
        }}
      >
        {children}
        <Icon aria-hidden className={cn(!active && 'opacity-50')} />
      </Button>
    </TableHead>
  );
}
