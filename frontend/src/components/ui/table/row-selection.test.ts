import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  isPageSelected,
  NOTHING_SELECTED,
  selectedCount,
  selectionReducer,
  selectionRequest,
  useRowSelection,
  type Selection,
  type SelectionAction,
} from './row-selection';

const page = [1, 2, 3, 4, 5].map((id) => ({ id, version: id * 10 }));
const row = (id: number) => page.find((r) => r.id === id) ?? { id, version: 1 };

function apply(...actions: SelectionAction[]): Selection {
  return actions.reduce(selectionReducer, NOTHING_SELECTED);
}

const toggle = (id: number, range = false): SelectionAction => ({ type: 'toggle', row: row(id), page, range });

function ids(selection: Selection): number[] {
  return selection.kind === 'rows' ? [...selection.rows.keys()].sort((a, b) => a - b) : [];
}

describe('the row selection', () => {
  it('toggles one row at a time, keeping the version each showed', () => {
    const selection = apply(toggle(2), toggle(4), toggle(2));
    expect(ids(selection)).toEqual([4]);
    expect(selectionRequest(selection, { q: 'x' })).toEqual({ ids: [4], versions: { '4': 40 } });
  });

  it('selects the range from the last row clicked with Shift, either way', () => {
    expect(ids(apply(toggle(2), toggle(4, true)))).toEqual([2, 3, 4]);
    expect(ids(apply(toggle(5), toggle(1, true)))).toEqual([1, 2, 3, 4, 5]);
    // The range takes the clicked row's new state: unchecking through a range clears it.
    expect(ids(apply(toggle(1), toggle(5, true), toggle(2), toggle(4, true)))).toEqual([1, 5]);
  });

  it('treats Shift without an earlier click as a single toggle', () => {
    expect(ids(apply(toggle(3, true)))).toEqual([3]);
  });

  it('selects the whole page, then none of it', () => {
    const all = apply({ type: 'togglePage', page });
    expect(isPageSelected(all, page)).toBe(true);
    expect(ids(apply({ type: 'togglePage', page }, { type: 'togglePage', page }))).toEqual([]);
    expect(ids(apply(toggle(2), { type: 'togglePage', page }))).toEqual([1, 2, 3, 4, 5]);
  });

  it('selects every matching row over all pages, sent as the filter', () => {
    const selection = apply({ type: 'togglePage', page }, { type: 'selectMatching' });
    expect(selectedCount(selection, 240)).toBe(240);
    expect(selectionRequest(selection, { q: 'harbor' })).toEqual({ filter: { q: 'harbor' } });
    // Leaving out one row of 'all matching' leaves the rest of the page selected, by id.
    expect(ids(selectionReducer(selection, toggle(3)))).toEqual([1, 2, 4, 5]);
    expect(selectedCount(apply({ type: 'selectMatching' }, { type: 'clear' }), 240)).toBe(0);
  });
});

describe('useRowSelection', () => {
  it('empties when the search or filters change, and on Escape', () => {
    const { result, rerender } = renderHook(({ scope }) => useRowSelection(scope), { initialProps: { scope: 'q=a' } });
    act(() => {
      result.current.dispatch(toggle(1));
    });
    expect(result.current.empty).toBe(false);
    rerender({ scope: 'q=b' });
    expect(result.current.empty).toBe(true);

    act(() => {
      result.current.dispatch({ type: 'selectMatching' });
    });
    expect(result.current.selection.kind).toBe('matching');
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(result.current.empty).toBe(true);
  });
});
