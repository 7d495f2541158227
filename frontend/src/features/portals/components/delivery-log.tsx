import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Ltr } from '@/components/ltr';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow, TableRows } from '@/components/ui/table';
import { useFormat } from '@/lib/format';
import { useDeliveries } from '../api/deliveries';

const COLUMN_COUNT = 6;

function succeeded(status: number): boolean {
  return status >= 200 && status < 300;
}

/** The last 100 webhook calls of both portals, newest first: what Aqar answered and the lead it made. */
export function DeliveryLog() {
  const { t } = useTranslation('portals');
  const f = useFormat();
  const deliveries = useDeliveries();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('deliveries.title')}</CardTitle>
        <CardDescription>{t('deliveries.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {deliveries.isError ? (
          <QueryError error={deliveries.error} />
        ) : (
          <Table aria-label={t('deliveries.title')} aria-busy={deliveries.isPending || undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('deliveries.columns.time')}</TableHead>
                <TableHead>{t('deliveries.columns.portal')}</TableHead>
                <TableHead>{t('deliveries.columns.status')}</TableHead>
                <TableHead>{t('deliveries.columns.error')}</TableHead>
                <TableHead>{t('deliveries.columns.lead')}</TableHead>
                <TableHead>{t('deliveries.columns.request')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableRows
                rows={deliveries.data ?? []}
                columnCount={COLUMN_COUNT}
                isLoading={deliveries.isPending}
                emptyText={t('deliveries.empty')}
              >
                {(delivery) => (
                  <>
                    <TableCell className="whitespace-nowrap">{f.dateTime(delivery.receivedAt)}</TableCell>
                    <TableCell>{t(`portalNames.${delivery.portal}`)}</TableCell>
                    <TableCell>
                      <Badge variant={succeeded(delivery.status) ? 'success' : 'destructive'}>
                        <Ltr>{delivery.status}</Ltr>
                      </Badge>
                    </TableCell>
                    {/* The error is the server's own sentence, in English. */}
                    <TableCell dir="auto">{delivery.error ?? ''}</TableCell>
                    <TableCell>{delivery.leadId == null ? '' : <Ltr className="font-mono text-xs">{delivery.leadId}</Ltr>}</TableCell>
                    <TableCell>
                      {delivery.contactRequestId != null && (
                        // The inbox opens a request named in its address (as a notification links to it).
                        <Link
                          className="text-primary underline-offset-4 hover:underline"
                          to={`/contacts?request=${String(delivery.contactRequestId)}`}
                        >
                          {t('deliveries.openRequest', { id: delivery.contactRequestId })}
                        </Link>
                      )}
                    </TableCell>
                  </>
                )}
              </TableRows>
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
