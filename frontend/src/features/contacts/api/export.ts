import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, ExportPeriod, ExportQuery, ExportRange } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { download } from '@/lib/download';
import { runRule } from '@/lib/rules';
import { utcOffsetMinutes } from './contact-requests';

/** The browser's local date and time as the rules read `now` (`YYYY-MM-DDTHH:MM:SS`). */
export function localNow(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** The rules' span of a period, as the instants the inbox's `from`/`to` take; null when the selection is incomplete. */
export function periodInstants(query: ExportQuery): { from?: string; to?: string } | null {
  let range: ExportRange;
  try {
    range = runRule('export.range', query) as ExportRange;
  } catch {
    return null;
  }
  // The rules' local wall-clock text, read by the browser in its own time zone.
  const instant = (text: string | null | undefined) => (text == null ? undefined : new Date(text).toISOString());
  const from = instant(range.start);
  const to = instant(range.end);
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

/** The file name of core §7, from the rules. */
export function exportFileName(query: ExportQuery): string {
  return runRule('export.fileName', query) as string;
}

export interface PeriodChoice {
  period: ExportPeriod;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** The period's workbook, read by the server from the database (the export dialog's). */
export function useExportPeriod() {
  return useMutation({
    mutationFn: async ({ period, startDate, endDate }: PeriodChoice) => {
      const now = localNow();
      const query = {
        period,
        now,
        offset: utcOffsetMinutes(),
        ...(startDate === undefined || startDate === '' ? {} : { from: startDate }),
        ...(endDate === undefined || endDate === '' ? {} : { to: endDate }),
      };
      const blob = await dataOf(api.GET('/api/contact-requests/export', { params: { query }, parseAs: 'blob' }));
      download(blob, exportFileName({ period, startDate: startDate ?? null, endDate: endDate ?? null, now }));
    },
  });
}

/** One request's workbook, through the specification's POST. */
export function useExportOne() {
  return useMutation({
    mutationFn: async (request: ContactRequest) => {
      const blob = await dataOf(
        api.POST('/api/contact-requests/export', {
          params: { query: { offset: utcOffsetMinutes() } },
          body: { requests: [request] },
          parseAs: 'blob',
        }),
      );
      download(blob, exportFileName({ period: 'all', now: localNow(), requestId: request.id }));
    },
  });
}
