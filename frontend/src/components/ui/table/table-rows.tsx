import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../spinner';
import { TableRow } from './table';

export interface TableRowsProps<T extends { id: number | string }> {
  rows: readonly T[];
  /** The number of columns, which the loading and empty rows span. */
  columnCount: number;
  isLoading?: boolean;
  /** Shown in place of the rows when there are none; 'No results found' unless given. */
  emptyText?: string;
  /** One row's cells. */
  children: (row: T) => ReactNode;
}

/** The body's rows: a spinner while loading, the empty text when there are none, else one row each. */
export function TableRows<T extends { id: number | string }>({
  rows,
  columnCount,
  isLoading = false,
  emptyText,
  children,
}: TableRowsProps<T>) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <tr>
        <td colSpan={columnCount} className="h-24 text-center">
          <Spinner label={t('common.loading')} />
        </td>
      </tr>
    );
  }
  if (rows.length === 0) {
    return (
      <tr>
        <td colSpan={columnCount} className="h-24 px-4 text-center text-muted-foreground">
          {emptyText ?? t('dataTable.noResults')}
        </td>
      </tr>
    );
  }
  return rows.map((row) => <TableRow key={row.id}>{children(row)}</TableRow>);
}
