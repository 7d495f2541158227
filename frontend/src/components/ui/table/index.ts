export { RowActions, RowActionsHead, type RowActionsProps } from './row-actions';
export { SortableHead, type SortableHeadProps } from './sortable-head';
export { nextSort, parseSort, sortParam, type SortOrder } from './sort-order';
export { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';
export { TablePagination, type PageState } from './table-pagination';
export { TableRows, type TableRowsProps } from './table-rows';
export { DebouncedTableSearch, SEARCH_DEBOUNCE_MS, TableSearch } from './table-search';
export { NAME_KEYS, useClientRows, type TextKey } from './use-client-rows';
export { useDeleteConfirmation, type DeleteQuestion } from './use-delete-confirmation';
export { useServerPages, type ServerPage } from './use-server-pages';
export {
  isPageSelected,
  isSelected,
  NOTHING_SELECTED,
  selectedCount,
  selectionReducer,
  selectionRequest,
  useRowSelection,
  type SelectableRow,
  type Selection,
  type SelectionAction,
} from './row-selection';
export { SelectPageHead, SelectRowCell } from './selection-cells';
