import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from '@/components/discard-changes';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { FeatureCategory } from '@/generated/types';
import { featureCategories } from '@/lib/rules';
import { usePropertyFeatures } from '../api/get-property-features';
import { FeatureGroup } from '../components/feature-group';

/** Features Management (site-content §2): one tab per group, in the rules' order. */
export default function FeaturesRoute() {
  const { t } = useTranslation();
  const features = usePropertyFeatures();
  const [groups] = useState(featureCategories);
  const [tab, setTab] = useState<FeatureCategory | undefined>(groups[0]);
  const discard = useDiscardGuard();

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <PageHeader title={t('features.title')} subtitle={t('features.subtitle')} />
      {features.isError ? (
        <QueryError error={features.error} />
      ) : (
        <Tabs
          value={tab}
          onValueChange={(value) => {
            // Another tab closes the open card: ask first if it holds unsaved changes.
            discard.guard(() => {
              setTab(groups.find((group) => group === value));
            });
          }}
        >
          <TabsList>
            {groups.map((group) => (
              <TabsTrigger key={group} value={group}>
                {t(`features.tabs.${group}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <Card className="mt-4">
            <CardContent className="pt-6">
              {groups.map((group) => (
                <TabsContent key={group} value={group} className="mt-0">
                  <FeatureGroup
                    category={group}
                    features={(features.data ?? []).filter((feature) => feature.category === group)}
                    isLoading={features.isPending}
                  />
                </TabsContent>
              ))}
            </CardContent>
          </Card>
        </Tabs>
      )}
      {discard.dialog}
    </div>
  );
}
