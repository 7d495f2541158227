import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { NotFoundMessage } from '../components/not-found-message';
import { SectionPanel } from '../components/section-panel';
import { processStepView, serviceView } from '../components/service-views';
import { testimonialView } from '../components/testimonial-view';
import { SECTIONS, sectionNamed, useSectionPaths, type Section } from '../sections';

const PANELS: Record<Section, ReactNode> = {
  services: <SectionPanel view={serviceView} />,
  process: <SectionPanel view={processStepView} />,
  testimonials: <SectionPanel view={testimonialView} />,
};

/** Services Management (site-content §2): three tabs, the one shown named by the address. */
function ServicesManagement() {
  const { t } = useTranslation('services');
  const { section: name } = useParams();
  const navigate = useNavigate();
  const paths = useSectionPaths();
  const section = name === undefined ? SECTIONS[0] : sectionNamed(name);
  if (section === undefined) return <NotFoundMessage />;

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        value={section}
        onValueChange={(value) => {
          const next = sectionNamed(value);
          if (next !== undefined) void navigate(paths.tab(next));
        }}
      >
        <TabsList>
          {SECTIONS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {t(`${tab}.tab`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {SECTIONS.map((tab) => (
          <TabsContent key={tab} value={tab}>
            {PANELS[tab]}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/** Services Management, once its text (the `services` namespace) has arrived. */
export default function ServicesRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <ServicesManagement />
    </Suspense>
  );
}
