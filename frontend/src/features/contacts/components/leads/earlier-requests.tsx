import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ContactRequest } from '@/generated/types';
import { api, dataOf } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { contactRequestsQueryKey } from '../../api/contact-requests';

/**
 * 'N earlier messages' (issue 26): the same person's earlier requests, by e-mail address or
 * phone, each opening in the details dialog.
 */
export function EarlierRequests({ request, onOpen }: { request: ContactRequest; onOpen: (earlier: ContactRequest) => void }) {
  const { t } = useTranslation('contacts');
  const f = useFormat();
  const earlier = useQueries({
    queries: request.earlierRequestIds.map((id) => ({
      queryKey: [...contactRequestsQueryKey, 'one', id] as const,
      queryFn: () => dataOf(api.GET('/api/contact-requests/{id}', { params: { path: { id } } })),
    })),
  });
  if (request.earlierRequestCount === 0) return null;
  return (
    <section className="grid gap-2" aria-labelledby={`earlier-${request.id}`}>
      <h3 id={`earlier-${request.id}`} className="text-xs font-medium text-muted-foreground uppercase">
        {t('leads.earlier', { count: request.earlierRequestCount })}
      </h3>
      <ul className="grid gap-1 text-sm">
        {earlier.map(({ data }, index) => (
          <li key={request.earlierRequestIds[index]}>
            {data !== undefined && (
              <Button
                type="button"
                variant="link"
                className="h-auto p-0"
                onClick={() => {
                  onOpen(data);
                }}
              >
                {f.dateTime(data.createdAt)}: {data.subject}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
