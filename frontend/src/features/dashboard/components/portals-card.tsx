// The portals' feeds at a glance (issue 41): per portal that reads a feed, the active
// listings published to it, how many it would take and how many it would refuse; the
// blocked count opens the properties list narrowed to those listings.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { usePortalName } from '@/features/properties';
import { useFormat } from '@/lib/format';
import { useStats } from '../api/get-stats';

export function PortalsCard() {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const portalName = usePortalName();
  const stats = useStats();
  // The stat cards above say when the figures could not be read.
  if (stats.isError) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('portals.title')}</CardTitle>
        <CardDescription>{t('portals.hint')}</CardDescription>
      </CardHeader>
      <CardContent>
        {stats.data === undefined ? (
          <Spinner label={t('common.loading', { ns: 'translation' })} />
        ) : (
          <Table aria-label={t('portals.title')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('portals.portal')}</TableHead>
                <TableHead className="text-end">{t('portals.chosen')}</TableHead>
                <TableHead className="text-end">{t('portals.ready')}</TableHead>
                <TableHead className="text-end">{t('portals.blocked')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {stats.data.portals.map(({ portal, chosen, ready, blocked }) => {
                const name = portalName(portal);
                return (
                  <TableRow key={portal}>
                    <TableCell className="font-medium">{name}</TableCell>
                    <TableCell className="text-end tabular-nums">{f.number(chosen)}</TableCell>
                    <TableCell className="text-end tabular-nums">{f.number(ready)}</TableCell>
                    <TableCell className="text-end tabular-nums">
                      <Link
                        to={`/properties?blockedFor=${portal}`}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {f.number(blocked)}
                        <span className="sr-only">{`: ${t('portals.showBlocked', { portal: name })}`}</span>
                      </Link>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
