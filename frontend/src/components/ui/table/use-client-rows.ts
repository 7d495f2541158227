import { useMemo, useState } from 'react';
import { constants, fold } from '@/lib/rules';
import type { PageState } from './table-pagination';

/** The keys of `T` whose values are text, the only kind a search can run on. */
export type TextKey<T> = {
  [K in keyof T]-?: T[K] extends string | null | undefined ? K : never;
}[keyof T] &
  string;

/** The English and Arabic names, which every bilingual table searches. */
export const NAME_KEYS = ['nameEn', 'nameAr'] as const;

const NO_KEYS: readonly never[] = [];

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

/**
 * A table's rows searched and paged in the browser (core-panel §2): the search matches the
 * `searchKeys` folded by the rules (case, Arabic letter forms, marks, digits), and pages have
 * the rules' page size. Pass a constant array of keys: the folded texts are kept for as long
 * as `data` and the keys stay the same.
 */
export function useClientRows<T>(data: readonly T[], searchKeys: readonly TextKey<T>[] = NO_KEYS) {
  const { pageSize } = constants();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const texts = useMemo(() => foldedTexts(data, searchKeys), [data, searchKeys]);
  const rows = matching(data, texts, query);
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  // A delete or a narrower search can leave fewer pages than the one shown: show the last.
  const current = Math.min(page, pageCount);
  const start = (current - 1) * pageSize;
  const visible = rows.slice(start, start + pageSize);
  const pages: PageState = {
    page: current,
    pageCount,
    start,
    shown: visible.length,
    total: rows.length,
    onPageChange: setPage,
  };
  return {
    query,
    /** A new search starts again at the first page. */
    search: (next: string) => {
      setQuery(next);
      setPage(1);
    },
    rows: visible,
    pages,
  };
}
