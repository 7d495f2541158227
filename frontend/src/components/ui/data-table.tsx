// The reusable data table of core-panel §2: optional folded search over some keys, pages of the rules'
// page size with 'Showing X to Y of Z results', previous/next, 'No results found', and per-row
// Edit, Duplicate and Delete. Deleting asks first: in the 'Confirm Delete' dialog, or, for a
// screen whose specification says so, with the browser's confirm and that screen's text.
// A list that can grow without bound (contract "Lists at scale") uses the server mode: the
// rows are the page the server answered, and paging, search and sort are asked of the server.
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Copy, Pencil, Search, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
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
  /** In server mode, the server's sort field this column's header orders the rows by. */
  sortField?: string;
}

/** A server-side order: a field and its direction. */
export interface SortOrder {
  field: string;
  descending: boolean;
}

/** The `sort` parameter of the contract's lists: the field, with '-' before it when descending. */
export function sortParam({ field, descending }: SortOrder): string {
  return descending ? `-${field}` : field;
}

/** A `sort` parameter read back; null when it is empty. */
export function parseSort(param: string | null): SortOrder | null {
  if (param === null || param === '' || param === '-') return null;
  return param.startsWith('-') ? { field: param.slice(1), descending: true } : { field: param, descending: false };
}

/** The order after a click on the header of `field`: ascending first, then each click turns it. */
export function nextSort(current: SortOrder | null, field: string): SortOrder {
  return current?.field === field ? { field, descending: !current.descending } : { field, descending: false };
}

/** How long the server search waits after the last keystroke before it asks. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The server mode: `data` is one page the server answered, of `total` rows in all. The
 * table shows the page numbers and asks for other pages, searches and orders through the
 * callbacks; the owner keeps them (in the URL, say) and reads the matching page.
 */
export interface ServerPaging {
  /** The page shown, from 1. */
  page: number;
  /** Rows in all pages (the answer's `X-Total-Count`). */
  total: number;
  onPageChange: (page: number) => void;
  /** The search the page answers; with `onQueryChange`, a search box asks for others. */
  query?: string;
  /** Told the search typed once the typing pauses (`SEARCH_DEBOUNCE_MS`). */
  onQueryChange?: (query: string) => void;
  /** The order the page answers; null for the server's default. */
  sort?: SortOrder | null;
  onSortChange?: (sort: SortOrder) => void;
}

/** The keys of `T` whose values are text, the only kind a search can run on. */
export type TextKey<T> = {
  [K in keyof T]-?: T[K] extends string | null | undefined ? K : never;
}[keyof T] &
  string;

/** A delete confirmation's words; the description may be more than text (a count read on opening). */
export interface DeleteQuestion {
  title: string;
  description: ReactNode;
}

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
  /**
   * The confirmation dialog's own words, where a screen's specification gives them, or
   * where they depend on the row (what else the delete takes with it).
   */
  confirmDelete?: DeleteQuestion | ((row: T) => DeleteQuestion);
  /** Whether a row offers Delete; every row does unless told (user 1 never does). */
  canDelete?: (row: T) => boolean;
  /** Paging, search and sort on the server; without it, on the rows given. */
  server?: ServerPaging;
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

/** The search field above the table, the same in both modes. */
function SearchField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative max-w-sm">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        className="pl-9"
      />
    </div>
  );
}

/**
 * The server search box: it keeps what is typed and tells `onQueryChange` once typing
 * pauses. A search changed from outside (the browser's back button) shows in the box, but
 * the answer to what the box itself sent never overwrites what was typed meanwhile.
 */
function ServerSearchField({
  label,
  query,
  onQueryChange,
}: {
  label: string;
  query: string;
  onQueryChange: (query: string) => void;
}) {
  const [typed, setTyped] = useState(query);
  // What the box last sent, or took from outside: typing that differs from it is sent.
  const [sent, setSent] = useState(query);
  // The search the owner showed at the last render, to notice when it changes.
  const [shown, setShown] = useState(query);
  if (query !== shown) {
    setShown(query);
    // The answer to the box's own search keeps what was typed since; any other change shows.
    if (query !== sent) {
      setSent(query);
      setTyped(query);
    }
  }
  useEffect(() => {
    if (typed === sent) return undefined;
    const timer = setTimeout(() => {
      setSent(typed);
      onQueryChange(typed);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed, sent, onQueryChange]);
  return <SearchField label={label} value={typed} onChange={setTyped} />;
}

/** A header that orders the server's rows by its field; `aria-sort` tells the order shown. */
function SortHeader({
  header,
  field,
  sort,
  onSortChange,
}: {
  header: ReactNode;
  field: string;
  sort: SortOrder | null;
  onSortChange: (sort: SortOrder) => void;
}) {
  const active = sort?.field === field;
  const Icon = !active ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-3 h-8 px-3 text-sm font-medium text-muted-foreground hover:text-foreground"
      onClick={() => {
        onSortChange(nextSort(sort, field));
      }}
    >
      {header}
      <Icon aria-hidden className={cn(!active && 'opacity-50')} />
    </Button>
  );
}

function ariaSort(sort: SortOrder | null, field: string | undefined): 'ascending' | 'descending' | undefined {
  if (field === undefined || sort?.field !== field) return undefined;
  return sort.descending ? 'descending' : 'ascending';
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
  confirmDelete,
  canDelete,
  server,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const { pageSize } = constants();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [pendingDelete, setPendingDelete] = useState<T | null>(null);
  const question =
    typeof confirmDelete === 'function'
      ? pendingDelete === null
        ? undefined
        : confirmDelete(pendingDelete)
      : confirmDelete;

  const texts = useMemo(
    () => (searchKeys === undefined || server !== undefined ? [] : foldedTexts(data, searchKeys)),
    [data, searchKeys, server],
  );
  const rows = searchKeys === undefined || server !== undefined ? data : matching(data, texts, query);
  const total = server?.total ?? rows.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // A delete or a narrower search can leave fewer pages than the one shown: show the last.
  const current = Math.min(server === undefined ? page : server.page - 1, pageCount - 1);
  const start = current * pageSize;
  const visible = server === undefined ? rows.slice(start, start + pageSize) : rows;
  const goTo = (index: number) => {
    if (server === undefined) setPage(index);
    else server.onPageChange(index + 1);
  };
  const hasActions = onEdit !== undefined || onDuplicate !== undefined || onDelete !== undefined;
  const columnCount = columns.length + (hasActions ? 1 : 0);
  const searchLabel = searchPlaceholder ?? t('dataTable.search');
  const sort = server?.sort ?? null;
  const onSortChange = server?.onSortChange;

  // The server's page past the last one (the rows of the last page were deleted): ask for the last.
  const beyondLast = server !== undefined && !isLoading && server.total > 0 && server.page > pageCount;
  const onPageChange = server?.onPageChange;
  useEffect(() => {
    if (beyondLast) onPageChange?.(pageCount);
  }, [beyondLast, onPageChange, pageCount]);

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
      {server === undefined
        ? searchKeys !== undefined && (
            <SearchField
              label={searchLabel}
              value={query}
              onChange={(value) => {
                setQuery(value);
                setPage(0);
              }}
            />
          )
        : server.onQueryChange !== undefined && (
            <ServerSearchField label={searchLabel} query={server.query ?? ''} onQueryChange={server.onQueryChange} />
          )}

      <div className="overflow-x-auto rounded-lg border border-border bg-background">
        <table aria-label={label} aria-busy={isLoading || undefined} className="w-full caption-bottom text-sm">
          <thead className="border-b border-border bg-muted/50">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={ariaSort(sort, onSortChange === undefined ? undefined : column.sortField)}
                  className={cn('h-11 px-4 text-left align-middle font-medium text-muted-foreground', column.className)}
                >
                  {column.sortField !== undefined && onSortChange !== undefined ? (
                    <SortHeader header={column.header} field={column.sortField} sort={sort} onSortChange={onSortChange} />
                  ) : (
                    column.header
                  )}
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
                        {onDelete !== undefined && (canDelete?.(row) ?? true) && (
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

      {!isLoading && visible.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            {t('dataTable.showing', { from: start + 1, to: start + visible.length, total })}
          </p>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={current === 0}
              onClick={() => {
                goTo(current - 1);
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
                goTo(current + 1);
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
            <DialogTitle>{question?.title ?? t('dataTable.confirmDeleteTitle')}</DialogTitle>
            <DialogDescription>{question?.description ?? t('dataTable.confirmDeleteDescription')}</DialogDescription>
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
