import { useEffect, useReducer } from 'react';

/** A row as a selection keeps it: its id, and the version shown, sent so a row changed meanwhile is skipped. */
export interface SelectableRow {
  id: number;
  version: number;
}

/**
 * What is selected: rows checked one by one (with the version each showed), or every row the
 * list's current search and filters match, over all pages, however many.
 */
export type Selection = { kind: 'rows'; rows: ReadonlyMap<number, number>; anchor: number | null } | { kind: 'matching' };

export const NOTHING_SELECTED: Selection = { kind: 'rows', rows: new Map(), anchor: null };

export type SelectionAction =
  /** A click on a row's box; with Shift, every row of the page from the last one clicked takes its new state. */
  | { type: 'toggle'; row: SelectableRow; page: readonly SelectableRow[]; range: boolean }
  /** The header's box: the whole page, or none of it when all of it was selected. */
  | { type: 'togglePage'; page: readonly SelectableRow[] }
  | { type: 'selectMatching' }
  | { type: 'clear' };

export function isSelected(selection: Selection, id: number): boolean {
  return selection.kind === 'matching' || selection.rows.has(id);
}

/** Whether every row of the page is selected (and there is one). */
export function isPageSelected(selection: Selection, page: readonly SelectableRow[]): boolean {
  return page.length > 0 && page.every((row) => isSelected(selection, row.id));
}

/** How many rows are selected, `total` being how many the list matches. */
export function selectedCount(selection: Selection, total: number): number {
  return selection.kind === 'matching' ? total : selection.rows.size;
}

function withRows(rows: Map<number, number>, anchor: number | null): Selection {
  return { kind: 'rows', rows, anchor };
}

export function selectionReducer(selection: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'clear':
      return NOTHING_SELECTED;
    case 'selectMatching':
      return { kind: 'matching' };
    case 'togglePage': {
      const all = isPageSelected(selection, action.page);
      // 'All matching' less a page is not a selection the panel can name: it becomes the rows of the page.
      const rows = new Map(selection.kind === 'rows' ? selection.rows : []);
      for (const row of action.page) {
        if (all) rows.delete(row.id);
        else rows.set(row.id, row.version);
      }
      return withRows(rows, null);
    }
    case 'toggle': {
      const { row, page, range } = action;
      const checked = !isSelected(selection, row.id);
      const rows = new Map(
        selection.kind === 'rows' ? selection.rows : page.map((shown): [number, number] => [shown.id, shown.version]),
      );
      const anchor = selection.kind === 'rows' ? selection.anchor : null;
      const from = anchor === null ? -1 : page.findIndex((shown) => shown.id === anchor);
      const to = page.findIndex((shown) => shown.id === row.id);
      const span = range && from !== -1 && to !== -1 ? page.slice(Math.min(from, to), Math.max(from, to) + 1) : [row];
      for (const each of span) {
        if (checked) rows.set(each.id, each.version);
        else rows.delete(each.id);
      }
      return withRows(rows, row.id);
    }
  }
}

/**
 * The selection of a list, emptied whenever `scope` (its search and filters) changes, since
 * 'all matching' would then name other rows; Escape empties it too.
 */
export function useRowSelection(scope: string) {
  const [state, dispatch] = useReducer(
    (current: { scope: string; selection: Selection }, action: SelectionAction | { type: 'scope'; scope: string }) =>
      action.type === 'scope'
        ? { scope: action.scope, selection: NOTHING_SELECTED }
        : { scope: current.scope, selection: selectionReducer(current.selection, action) },
    { scope, selection: NOTHING_SELECTED },
  );
  if (state.scope !== scope) dispatch({ type: 'scope', scope });
  const selection = state.scope === scope ? state.selection : NOTHING_SELECTED;
  const empty = selection.kind === 'rows' && selection.rows.size === 0;

  useEffect(() => {
    if (empty) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // An open dialog or menu takes its own Escape first.
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('[role="dialog"], [role="menu"]')) return;
      dispatch({ type: 'clear' });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [empty]);

  return { selection, dispatch: dispatch as (action: SelectionAction) => void, empty };
}

/** What a bulk call or a selection's export sends: the ids with their versions, or the filter. */
export function selectionRequest<F>(
  selection: Selection,
  filter: F,
): { ids: number[]; versions: Record<string, number> } | { filter: F } {
  if (selection.kind === 'matching') return { filter };
  return {
    ids: [...selection.rows.keys()],
    versions: Object.fromEntries([...selection.rows].map(([id, version]) => [String(id), version])),
  };
}
