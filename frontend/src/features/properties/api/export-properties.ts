import { useMutation } from '@tanstack/react-query';
import type { PropertySelection } from '@/generated/types';
import { api } from '@/lib/api-client';
import { attachmentName, download } from '@/lib/download';
import { searchFilterParams, type PropertySearchFilters } from './get-properties';

export type ExportFormat = 'xlsx' | 'csv';

/**
 * The list's own filters the address may carry, sent with the export as they are; the status
 * and the search filters go checked, with `filters`.
 */
export const LIST_FILTERS = [
  'categoryId',
  'typeId',
  'displayType',
  'countryId',
  'cityId',
  'isFeatured',
  'importId',
] as const;

export interface ExportChoice {
  format: ExportFormat;
  /** The list's search, as the address holds it; empty for none. */
  q: string;
  /** `field` or `-field`; absent for the server's default. */
  sort?: string | undefined;
  /** The address's search part, read for the list's filters. */
  search: string;
  /** The status, offering, price, area and room filters the list is asked for (checked, unlike the address's). */
  filters?: PropertySearchFilters | undefined;
  /** The interface's language: the header row's. */
  language: string;
}

/** The export's query: the format, then the list's search, order and filters. */
export function exportQuery({ format, q, sort, search, filters }: ExportChoice): Record<string, string | number> {
  const params = new URLSearchParams(search);
  const query: Record<string, string | number> = { format, offset: -new Date().getTimezoneOffset() };
  if (q !== '') query.q = q;
  if (sort !== undefined && sort !== '') query.sort = sort;
  for (const name of LIST_FILTERS) {
    const value = params.get(name);
    if (value !== null && value !== '') query[name] = value;
  }
  return { ...query, ...searchFilterParams(filters) };
}

/** Every listing of the current search, filters and order as a file, saved as the server names it. */
export function useExportProperties() {
  return useMutation({
    mutationFn: async (choice: ExportChoice) => {
      const { data, response } = await api.GET('/api/properties/export', {
        params: { query: exportQuery(choice) as never },
        headers: { 'Accept-Language': choice.language },
        parseAs: 'blob',
      });
      const fallback = `properties.${choice.format}`;
      download(data as Blob, attachmentName(response.headers.get('Content-Disposition'), fallback));
    },
  });
}

/** The checked listings, or every one the list matches, as a file (`POST /api/properties/export`). */
export function useExportSelection() {
  return useMutation({
    mutationFn: async ({
      format,
      selection,
      language,
    }: {
      format: ExportFormat;
      selection: PropertySelection;
      language: string;
    }) => {
      const { data, response } = await api.POST('/api/properties/export', {
        params: { query: { format, offset: -new Date().getTimezoneOffset() } },
        body: selection,
        headers: { 'Accept-Language': language },
        parseAs: 'blob',
      });
      download(data as Blob, attachmentName(response.headers.get('Content-Disposition'), `properties.${format}`));
    },
  });
}
