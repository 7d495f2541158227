import { X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkOutcome } from '@/generated/types';
import { toast } from '@/hooks/use-toast';
import { Button } from './ui/button';
import { isPageSelected, selectedCount, type SelectableRow, type Selection, type SelectionAction } from './ui/table';

/** A run shorter than this shows no progress bar: it would only flicker. */
const PROGRESS_AFTER_MS = 400;

export interface BulkBarProps {
  selection: Selection;
  dispatch: (action: SelectionAction) => void;
  /** The rows of the page shown. */
  page: readonly SelectableRow[];
  /** How many rows the list's search and filters match, over all pages. */
  total: number;
  /** While a bulk change runs: what it does, shown beside its progress bar. */
  working?: string | undefined;
  /** The actions offered on the selection. */
  children: ReactNode;
}

/**
 * What is selected and what can be done to it: 'Select all N matching' once the page is all
 * selected, 'Clear selection' (or Escape), the screen's actions, and a progress bar while a
 * long change runs.
 */
export function BulkBar({ selection, dispatch, page, total, working, children }: BulkBarProps) {
  const { t } = useTranslation();
  const count = selectedCount(selection, total);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (working === undefined) return;
    const timer = window.setTimeout(() => {
      setSlow(true);
    }, PROGRESS_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      setSlow(false);
    };
  }, [working]);
  if (count === 0) return null;
  const offerMatching = selection.kind === 'rows' && isPageSelected(selection, page) && total > count;
  return (
    <section aria-label={t('bulk.region')} className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 px-3 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <p aria-live="polite" className="text-sm font-medium">
          {selection.kind === 'matching' ? t('bulk.allMatching', { count }) : t('bulk.selected', { count })}
        </p>
        {offerMatching && (
          <Button
            variant="link"
            size="sm"
            onClick={() => {
              dispatch({ type: 'selectMatching' });
            }}
          >
            {t('bulk.selectMatching', { count: total })}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            dispatch({ type: 'clear' });
          }}
        >
          <X aria-hidden />
          {t('bulk.clear')}
        </Button>
        <div className="ms-auto flex flex-wrap items-center gap-2">{children}</div>
      </div>
      {working !== undefined && slow && (
        <div className="grid gap-1">
          <p className="text-xs text-muted-foreground">{working}</p>
          <div role="progressbar" aria-label={working} className="h-1.5 overflow-hidden rounded-full bg-muted">
            <div className="h-full w-1/3 animate-[bulk-progress_1.2s_ease-in-out_infinite] rounded-full bg-primary" />
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * The summary toast of a bulk change: 'Updated 40 listings; 2 skipped', with the skipped
 * rows' reasons (in the user's language, from the server) and how many had each.
 */
export function useBulkSummary(): (done: string, outcome: BulkOutcome) => void {
  const { t } = useTranslation();
  return (done, outcome) => {
    const count = outcome.skipped.length;
    const reasons = new Map<string, number>();
    for (const row of outcome.skipped) reasons.set(row.message, (reasons.get(row.message) ?? 0) + 1);
    toast({
      title: count === 0 ? done : t('bulk.summary', { done, skipped: t('bulk.skipped', { count }) }),
      ...(count === 0 ? {} : { description: [...reasons].map(([message, n]) => `${message} (${String(n)})`).join(' · ') }),
    });
  };
}
