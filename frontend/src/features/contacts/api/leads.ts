// Leads (issue 26): one request read afresh, 'Take it', an admin's reassignment, the
// follow-up time, the notes thread, leads taken by hand and the user's own count. Every
// write reads the inbox's lists and counts again.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ContactStatusChange, ManualLeadInput, ResponseChannel } from '@/generated/types';
import { api, dataOf, ifMatch, type Versioned } from '@/lib/api-client';
import { contactRequestsQueryKey, useChanged, utcOffsetMinutes } from './contact-requests';

/** How often the side bar's count of one's own leads is read while the panel is open. */
const MY_LEADS_REFRESH_MS = 60_000;

export function useMyLeads() {
  return useQuery({
    queryKey: [...contactRequestsQueryKey, 'mine'] as const,
    queryFn: () => dataOf(api.GET('/api/contact-requests/mine')),
    refetchInterval: MY_LEADS_REFRESH_MS,
  });
}

export function useContactRequest(id: number, enabled = true) {
  return useQuery({
    queryKey: [...contactRequestsQueryKey, 'one', id] as const,
    queryFn: () => dataOf(api.GET('/api/contact-requests/{id}', { params: { path: { id } } })),
    enabled,
  });
}

export function useClaimLead() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (id: number) => dataOf(api.POST('/api/contact-requests/{id}/claim', { params: { path: { id } } })),
    onSettled: (_data, error) => changed(error),
  });
}

/** A lead's PUT without a status: its assignee (admins) or its follow-up time. */
export function useUpdateLead() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ id, version, change }: Versioned & { change: Omit<ContactStatusChange, 'status'> }) =>
      dataOf(api.PUT('/api/contact-requests/{id}', { params: { path: { id } }, body: change, headers: ifMatch(version) })),
    onSettled: (_data, error) => changed(error),
  });
}

export function useCreateLead() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (input: ManualLeadInput) => dataOf(api.POST('/api/contact-requests', { body: input })),
    onSettled: (_data, error) => changed(error),
  });
}

function notesKey(id: number) {
  return [...contactRequestsQueryKey, 'notes', id] as const;
}

export function useLeadNotes(id: number) {
  return useQuery({
    queryKey: notesKey(id),
    queryFn: () => dataOf(api.GET('/api/contact-requests/{id}/notes', { params: { path: { id } } })),
  });
}

/** A note; the request is read again with its notes, as a first note is its first response. */
export function useAddLeadNote(id: number) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (body: string) =>
      dataOf(api.POST('/api/contact-requests/{id}/notes', { params: { path: { id } }, body: { body } })),
    onSettled: (_data, error) => changed(error),
  });
}

/**
 * Records that the user answered a lead by e-mail or WhatsApp from the details dialog: its
 * first response, when it had none. The link opens whatever happens to this call.
 */
export function useRecordResponse() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ id, channel }: { id: number; channel: ResponseChannel }) =>
      dataOf(api.POST('/api/contact-requests/{id}/responses', { params: { path: { id } }, body: { channel } })),
    onSettled: (_data, error) => changed(error),
  });
}

/** Speed to lead over the dashboard's 30 days, by the browser's local day. */
export function useResponseTimes() {
  return useQuery({
    queryKey: [...contactRequestsQueryKey, 'response-times'] as const,
    queryFn: () => dataOf(api.GET('/api/contact-requests/response-times', { params: { query: { offset: utcOffsetMinutes() } } })),
  });
}
