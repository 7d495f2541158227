import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/account';
import { constants } from '@/lib/rules';
import { usePortals } from '../api/portals';
import { DeliveryLog } from '../components/delivery-log';
import { MappingsTable } from '../components/mappings-table';
import { MAPPING_PORTALS } from '../components/portal-terms';
import { WebhookSecret } from '../components/webhook-secret';
import type { MappingPortal } from '@/generated/types';

function PortalsScreen() {
  const { t } = useTranslation('portals');
  const { user: me } = useAuth();
  const isAdmin = me?.role === constants().adminRole;
  const portals = usePortals({ enabled: isAdmin });
  const [shown, setShown] = useState<MappingPortal>('propertyFinder');
  if (!isAdmin) return <NoAccess title={t('noAccess.title')} text={t('noAccess.text')} />;

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        value={shown}
        onValueChange={(value) => {
          setShown(value as MappingPortal);
        }}
      >
        <TabsList>
          {MAPPING_PORTALS.map((portal) => (
            <TabsTrigger key={portal} value={portal}>
              {t(`portalNames.${portal}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {MAPPING_PORTALS.map((portal) => {
          const settings = portals.data?.find((entry) => entry.portal === portal);
          return (
            // Both tabs stay mounted, only hidden: typing in one portal's table survives a
            // look at the other's.
            <TabsContent key={portal} value={portal} forceMount hidden={shown !== portal} className="grid gap-6">
              {portals.isError ? (
                <QueryError error={portals.error} />
              ) : settings === undefined ? (
                portals.isPending && <Spinner label={t('loading')} className="m-8" />
              ) : (
                <WebhookSecret settings={settings} />
              )}
              <MappingsTable portal={portal} />
            </TabsContent>
          );
        })}
      </Tabs>
      <DeliveryLog />
    </div>
  );
}

/** Portals (issue 41), for admins: each portal's words for Aqar's catalogue, its webhook, and the leads it sent. */
export default function PortalsRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <PortalsScreen />
    </Suspense>
  );
}
