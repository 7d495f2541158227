import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MIRROR_IN_RTL } from '@/components/mirrored';
import { useFormat } from '@/lib/format';
import { Button } from '../button';

/** The counts in the user's digits, ungrouped as the English pagination always read. */
const WHOLE = { useGrouping: false } as const;

/** Where a page of rows stands among all of them. */
export interface PageState {
  /** The page shown, from 1. */
  page: number;
  pageCount: number;
  /** The index, from 0, of the page's first row among all rows. */
  start: number;
  /** The rows on the page shown. */
  shown: number;
  /** The rows in all pages. */
  total: number;
  onPageChange: (page: number) => void;
}

/** 'Showing X to Y of Z results' with Previous and Next; nothing while no row is shown. */
export function TablePagination({ page, pageCount, start, shown, total, onPageChange }: PageState) {
  const { t } = useTranslation();
  const format = useFormat();
  if (shown === 0) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">
        {t('dataTable.showing', {
          from: format.number(start + 1, WHOLE),
          to: format.number(start + shown, WHOLE),
          total: format.number(total, WHOLE),
        })}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => {
            onPageChange(page - 1);
          }}
        >
          <ChevronLeft aria-hidden className={MIRROR_IN_RTL} />
          {t('dataTable.previous')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pageCount}
          onClick={() => {
            onPageChange(page + 1);
          }}
        >
          {t('dataTable.next')}
          <ChevronRight aria-hidden className={MIRROR_IN_RTL} />
        </Button>
      </div>
    </div>
  );
}
