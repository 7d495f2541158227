import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactBulkRequest, ContactSelection } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { attachmentName, download } from '@/lib/download';
import { contactRequestsQueryKey, statsQueryKey, utcOffsetMinutes } from './contact-requests';

/** One change to many requests; every list, count and the badge are read again afterwards, whatever the answer. */
export function useBulkContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactBulkRequest) => dataOf(api.POST('/api/contact-requests/bulk', { body })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactRequestsQueryKey }),
        queryClient.invalidateQueries({ queryKey: statsQueryKey }),
      ]),
  });
}

/** The checked requests, or every one the inbox matches, as a workbook read by the server. */
export function useExportContactSelection() {
  return useMutation({
    mutationFn: async ({ selection, language }: { selection: ContactSelection; language: string }) => {
      const { data, response } = await api.POST('/api/contact-requests/export/selection', {
        params: { query: { offset: utcOffsetMinutes() } },
        body: selection,
        headers: { 'Accept-Language': language },
        parseAs: 'blob',
      });
      download(data as Blob, attachmentName(response.headers.get('Content-Disposition'), 'contact_requests.xlsx'));
    },
  });
}
