import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CitiesPanel, CountriesPanel, RegionsPanel } from '@/features/locations';
import { PropertyTypesPanel } from '../components/property-types-panel';

const TABS = ['propertyTypes', 'countries', 'cities', 'regions'] as const;

/** Management (site-content §2): property types and the three levels of location, in tabs. */
export default function ManagementRoute() {
  const { t } = useTranslation();
  const labels: Record<(typeof TABS)[number], string> = {
    propertyTypes: t('management.propertyTypes'),
    countries: t('locations.countries.tab'),
    cities: t('locations.cities.tab'),
    regions: t('locations.regions.tab'),
  };
  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <PageHeader title={t('management.title')} subtitle={t('management.subtitle')} />
      <Tabs defaultValue={TABS[0]}>
        <TabsList>
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {labels[tab]}
            </TabsTrigger>
          ))}
        </TabsList>
        <Card className="mt-4">
          <CardContent className="pt-6">
            <TabsContent value="propertyTypes" className="mt-0">
              <PropertyTypesPanel />
            </TabsContent>
            <TabsContent value="countries" className="mt-0">
              <CountriesPanel />
            </TabsContent>
            <TabsContent value="cities" className="mt-0">
              <CitiesPanel />
            </TabsContent>
            <TabsContent value="regions" className="mt-0">
              <RegionsPanel />
            </TabsContent>
          </CardContent>
        </Card>
      </Tabs>
    </div>
  );
}
