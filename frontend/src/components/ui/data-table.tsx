// The reusable data table of core-panel §2: optional folded search over some keys, pages of the rules'
// page size with 'Showing X to Y of Z results', previous/next, 'No results found', and per-row
// Edit, Duplicate and Delete. Deleting asks first: in the 'Confirm Delete' dialog, or, for a
// screen whose specification says so, with the browser's confirm and that screen's text.
import { ChevronLeft, ChevronRight, Copy, Pencil, Search, Trash2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { constants, fold } from '@/lib/rules';
import { cn } from '@/lib/utils';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog';
import { Input } from './input';
import { Spinner } from './spinner';

export interface DataTableColumn<T> {
  /** Unique among the table's columns. */
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** The keys of `T` whose values are text, the only kind a search can run on. */
export type TextKey<T> = {
  [K in keyof T]-?: T[K] extends string | null | undefined ? K : never;
}[keyof T] &
  string;

export interface DataTableProps<T extends { id: number | string }> {
  data: readonly T[];
  columns: readonly DataTableColumn<T>[];
  /** Accessible name of the table. */
  label: string;
  /**
   * The keys the search box matches, folded by the rules (case, Arabic letter forms, marks,
   * digits); no search box without them. Pass a constant array: the folded texts are kept
   * for as long as `data` and this array stay the same.
   */
  searchKeys?: readonly TextKey<T>[];
  searchPlaceholder?: string;
  /** Shown in place of the rows when there are none; 'No results found' unless given. */
  emptyText?: string;
  isLoading?: boolean;
  onEdit?: (row: T) => void;
  onDuplicate?: (row: T) => void;
  onDelete?: (row: T) => void;
  /** Asks with the browser's confirm and this text instead of the 'Confirm Delete' dialog. */
  browserConfirm?: string;
}

/** The English and Arabic names, which every bilingual table searches. */
export const NAME_KEYS = ['nameEn', 'nameAr'] as const;

/** Each row's searched texts, folded once per data rather than on every keystroke. */
function foldedTexts<T>(rows: readonly T[], keys: readonly TextKey<T>[]): string[][] {
  return rows.map((row) =>
    keys.flatMap((key) => {
      const value = row[key];
      return typeof value === 'string' ? [fold(value)] : [];
    }),
  );
}

/** Rows one of whose folded texts contains the folded `query`; every row for an empty query. */
function matching<T>(rows: readonly T[], texts: readonly string[][], query: string): readonly T[] {
  const trimmed = query.trim();
  if (trimmed === '') return rows;
  const needle = fold(trimmed);
  return rows.filter((_, index) => texts[index]?.some((text) => text.includes(needle)) ?? false);
}

export function DataTable<T extends { id: number | string }>({
  data,
  columns,
  label,
  searchKeys,
  searchPlaceholder,
  emptyText,
  isLoading = false,
  onEdit,
  onDuplicate,
  onDelete,
  browserConfirm,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const { pageSize } = constants();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [pendingDelete, setPendingDelete] = useState<T | null>(null);

  const texts = useMemo(() => (searchKeys === undefined ? [] : foldedTexts(data, searchKeys)), [data, searchKeys]);
  const rows = searchKeys === undefined ? data : matching(data, texts, query);
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  // A delete or a narrower search can leave fewer pages than the one shown: show the last.
  const current = Math.min(page, pageCount - 1);
  const start = current * pageSize;
  const visible = rows.slice(start, start + pageSize);
  const hasActions = onEdit !== undefined || onDuplicate !== undefined || onDelete !== undefined;
  const columnCount = columns.length + (hasActions ? 1 : 0);

  const requestDelete = (row: T) => {
    if (onDelete === undefined) return;
    if (browserConfirm === undefined) {
      setPendingDelete(row);
    } else if (window.confirm(browserConfirm)) {
      onDelete(row);
    }
  };

  return (
    <div className="grid gap-4">
      {searchKeys !== undefined && (
        <div className="relative max-w-sm">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={searchPlaceholder ?? t('dataTable.search')}
            placeholder={searchPlaceholder ?? t('dataTable.search')}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(0);
            }}
            className="pl-9"
          />
        </div>
      )}

      <div className="overflow-x-auto rounded-lg border border-border bg-background">
        <table aria-label={label} className="w-full caption-bottom text-sm">
          <thead className="border-b border-border bg-muted/50">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={cn('h-11 px-4 text-left align-middle font-medium text-muted-foreground', column.className)}
                >
                  {column.header}
                </th>
              ))}
              {hasActions && (
                <th scope="col" className="h-11 px-4 text-right align-middle font-medium text-muted-foreground">
                  {t('dataTable.actions')}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {isLoading ? (
              <tr>
                <td colSpan={columnCount} className="h-24 text-center">
                  <Spinner label={t('common.loading')} />
                </td>
              </tr>
            ) : visible.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="h-24 px-4 text-center text-muted-foreground">
                  {emptyText ?? t('dataTable.noResults')}
                </td>
              </tr>
            ) : (
              visible.map((row) => (
                <tr key={row.id} className="border-b border-border last:border-0 hover:bg-muted/40">
                  {columns.map((column) => (
                    <td key={column.id} className={cn('px-4 py-3 align-middle', column.className)}>
                      {column.cell(row)}
                    </td>
                  ))}
                  {hasActions && (
                    <td className="px-4 py-3 text-right align-middle">
                      <div className="flex justify-end gap-1">
                        {onEdit !== undefined && (
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={t('dataTable.edit')}
                            title={t('dataTable.edit')}
                            onClick={() => {
                              onEdit(row);
                            }}
                          >
                            <Pencil aria-hidden />
                          </Button>
                        )}
                        {onDuplicate !== undefined && (
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={t('dataTable.duplicate')}
                            title={t('dataTable.duplicate')}
                            onClick={() => {
                              onDuplicate(row);
                            }}
                          >
                            <Copy aria-hidden />
                          </Button>
                        )}
                        {onDelete !== undefined && (
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={t('dataTable.delete')}
                            title={t('dataTable.delete')}
                            className="text-destructive hover:text-destructive"
                            onClick={() => {
                              requestDelete(row);
                            }}
                          >
                            <Trash2 aria-hidden />
                          </Button>
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      {!isLoading && rows.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            {t('dataTable.showing', { from: start + 1, to: start + visible.length, total: rows.length })}
          </p>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={current === 0}
              onClick={() => {
                setPage(current - 1);
              }}
            >
              <ChevronLeft aria-hidden />
              {t('dataTable.previous')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={current >= pageCount - 1}
              onClick={() => {
                setPage(current + 1);
              }}
            >
              {t('dataTable.next')}
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </div>
      )}

      <Dialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
      >
        <DialogContent closeLabel={t('common.close')}>
          <DialogHeader>
            <DialogTitle>{t('dataTable.confirmDeleteTitle')}</DialogTitle>
            <DialogDescription>{t('dataTable.confirmDeleteDescription')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button
              variant="destructive"
              onClick={() => {
                if (pendingDelete !== null) onDelete?.(pendingDelete);
                setPendingDelete(null);
              }}
            >
              {t('dataTable.delete')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
