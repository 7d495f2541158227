import { useEffect } from 'react';
import { constants } from '@/lib/rules';
import type { PageState } from './table-pagination';

export interface ServerPage {
  /** The page the rows shown answer, from 1. */
  page: number;
  /** Rows in all pages (the answer's `X-Total-Count`). */
  total: number;
  /** The rows of the page shown. */
  shown: number;
  isLoading?: boolean;
  onPageChange: (page: number) => void;
}

/**
 * Where a page the server answered stands (contract "Lists at scale"). A page past the last
 * one (the rows of the last page were deleted) asks for the last.
 */
export function useServerPages({ page, total, shown, isLoading = false, onPageChange }: ServerPage): PageState {
  const { pageSize } = constants();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const beyondLast = !isLoading && total > 0 && page > pageCount;
  useEffect(() => {
    if (beyondLast) onPageChange(pageCount);
  }, [beyondLast, onPageChange, pageCount]);
  const current = Math.min(page, pageCount);
  return {
    page: current,
    pageCount,
    start: (current - 1) * pageSize,
    shown: isLoading ? 0 : shown,
    total,
    onPageChange,
  };
}
