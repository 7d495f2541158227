import { Building2, FolderTree, Plus, Settings, Users, type LucideIcon } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { DashboardCharts } from '../components/charts';
import { RecentActivity } from '../components/recent-activity';
import { RecentInquiries } from '../components/recent-inquiries';
import { RecentProperties } from '../components/recent-properties';
import { SpeedToLead } from '../components/speed-to-lead';
import { StatCards } from '../components/stat-cards';
import { LifecycleCards } from '../components/lifecycle-cards';
import { PortalsCard } from '../components/portals-card';
import { SystemStatusCard } from '../components/system-status';

type QuickActionLabel = 'addNewProperty' | 'manageTeam' | 'categories' | 'settings';

const QUICK_ACTIONS: readonly { label: QuickActionLabel; href: string; icon: LucideIcon }[] = [
  { label: 'addNewProperty', href: '/properties/new', icon: Building2 },
  { label: 'manageTeam', href: '/team', icon: Users },
  { label: 'categories', href: '/categories', icon: FolderTree },
  { label: 'settings', href: '/settings', icon: Settings },
];

function Dashboard() {
  // The history's text (Recent Activity's sentences) is fetched with the dashboard's own.
  const { t } = useTranslation(['dashboard', 'history']);
  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
          <p className="text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Button asChild>
          <Link to="/properties">
            <Plus aria-hidden />
            {t('addProperty')}
          </Link>
        </Button>
      </header>

      <StatCards />

      <LifecycleCards />

      <div className="grid gap-6 lg:grid-cols-2">
        <RecentProperties />

        <RecentInquiries />

        <Card>
          <CardHeader>
            <CardTitle>{t('quickActions')}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-3">
            {QUICK_ACTIONS.map(({ label, href, icon: Icon }) => (
              <Button key={href} asChild variant="outline" className="h-auto flex-col gap-2 py-5">
                <Link to={href}>
                  <Icon className="size-6! text-primary" aria-hidden />
                  {t(label)}
                </Link>
              </Button>
            ))}
          </CardContent>
        </Card>

        <SystemStatusCard />

        <PortalsCard />
      </div>

      <DashboardCharts />

      <SpeedToLead />

      <RecentActivity />
    </div>
  );
}

/** The screen, once its text (the `dashboard` namespace) has arrived with its code. */
export default function DashboardRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <Dashboard />
    </Suspense>
  );
}
