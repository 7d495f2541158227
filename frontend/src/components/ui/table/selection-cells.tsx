import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../checkbox';
import { isPageSelected, isSelected, type SelectableRow, type Selection, type SelectionAction } from './row-selection';
import { TableCell, TableHead } from './table';

/** The checkbox column's header: selects the whole page, or none of it when all of it was selected. */
export function SelectPageHead({
  selection,
  page,
  dispatch,
}: {
  selection: Selection;
  page: readonly SelectableRow[];
  dispatch: (action: SelectionAction) => void;
}) {
  const { t } = useTranslation();
  const all = isPageSelected(selection, page);
  const some = page.some((row) => isSelected(selection, row.id));
  return (
    <TableHead className="w-10 px-3">
      <Checkbox
        aria-label={t('bulk.selectPage')}
        checked={all ? true : some ? 'indeterminate' : false}
        disabled={page.length === 0}
        onClick={(event) => {
          event.preventDefault();
          dispatch({ type: 'togglePage', page });
        }}
      />
    </TableHead>
  );
}

/** A row's checkbox: Space toggles it (a native button), Shift+click selects the range from the last row clicked. */
export function SelectRowCell({
  selection,
  row,
  page,
  name,
  dispatch,
}: {
  selection: Selection;
  row: SelectableRow;
  page: readonly SelectableRow[];
  /** What the row is called, for its box's label. */
  name: string;
  dispatch: (action: SelectionAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableCell className="w-10 px-3">
      <Checkbox
        aria-label={t('bulk.selectRow', { name })}
        checked={isSelected(selection, row.id)}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          event.preventDefault();
          dispatch({ type: 'toggle', row, page, range: event.shiftKey });
        }}
      />
    </TableCell>
  );
}
