import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { parseSort, sortParam, type SortOrder } from '@/components/ui/table';

/** A page number from the address: a whole number from 1, else the first page. */
function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * Page, search and order of the list, kept in the address so that reloading shows the
 * same page and the back button goes to the one before. A new search or order starts at
 * the first page; refining a search replaces the history entry rather than adding one per
 * pause in typing.
 */
export function useListAddress() {
  // The address's search read with the URL API rather than the router's useSearchParams,
  // whose code would join the router chunk every screen (the sign-in one too) downloads.
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const page = pageFrom(params.get('page'));
  const q = params.get('q') ?? '';
  const sort = parseSort(params.get('sort'));

  const change = useCallback(
    (apply: (next: URLSearchParams) => void, replace = false) => {
      const next = new URLSearchParams(search);
      apply(next);
      const text = next.toString();
      void navigate({ search: text === '' ? '' : `?${text}` }, { replace });
    },
    [search, navigate],
  );

  const onPageChange = useCallback(
    (to: number) => {
      change((next) => {
        if (to <= 1) next.delete('page');
        else next.set('page', String(to));
      });
    },
    [change],
  );
  const onQueryChange = useCallback(
    (query: string) => {
      const refining = q !== '' && query !== '';
      change((next) => {
        next.delete('page');
        if (query === '') next.delete('q');
        else next.set('q', query);
      }, refining);
    },
    [change, q],
  );
  const onSortChange = useCallback(
    (order: SortOrder) => {
      change((next) => {
        next.delete('page');
        next.set('sort', sortParam(order));
      });
    },
    [change],
  );
  return { page, q, sort, onPageChange, onQueryChange, onSortChange };
}
