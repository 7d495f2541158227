import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { parseSort, sortParam, type SortOrder } from '@/components/ui/table';

/** A page number from the address: a whole number from 1, else the first page. */
function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export interface ListAddressOptions {
  /**
   * Orders that only mean something while searching ('relevance': best match first), in
   * their one direction. Without a search, or descending, the address's such order reads as
   * the server's default; clearing the search takes it out of the address.
   */
  searchOnlySorts?: readonly string[];
}

const NO_SEARCH_ONLY_SORTS: readonly string[] = [];

/**
 * Page, search and order of the list, kept in the address so that reloading shows the
 * same page and the back button goes to the one before. A new search or order starts at
 * the first page; refining a search replaces the history entry rather than adding one per
 * pause in typing.
 */
export function useListAddress({ searchOnlySorts = NO_SEARCH_ONLY_SORTS }: ListAddressOptions = {}) {
  // The address's search read with the URL API rather than the router's useSearchParams,
  // whose code would join the router chunk every screen (the sign-in one too) downloads.
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const page = pageFrom(params.get('page'));
  const q = params.get('q') ?? '';
  const asked = parseSort(params.get('sort'));
  const searchOnly = asked !== null && searchOnlySorts.includes(asked.field);
  const sort = searchOnly && (q === '' || asked.descending) ? null : asked;

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
        if (query === '') {
          next.delete('q');
          if (searchOnly) next.delete('sort');
        } else next.set('q', query);
      }, refining);
    },
    [change, q, searchOnly],
  );
  /** A new order, from the first page; null goes back to the server's default. */
  const onSortChange = useCallback(
    (order: SortOrder | null) => {
      change((next) => {
        next.delete('page');
        if (order === null) next.delete('sort');
        else next.set('sort', sortParam(order));
      });
    },
    [change],
  );
  return { page, q, sort, onPageChange, onQueryChange, onSortChange };
}
