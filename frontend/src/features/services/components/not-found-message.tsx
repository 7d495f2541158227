import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardContent } from '@/components/ui/card';
import { SECTIONS, useSectionPaths } from '../sections';

/**
 * The screen's own 'Page Not Found', inside the panel, for an address under /services that
 * names no tab or no record (a deleted one, say), with the way back to the first tab.
 */
export function NotFoundMessage() {
  const { t } = useTranslation('services');
  const { t: common } = useTranslation();
  const paths = useSectionPaths();
  return (
    <div className="mx-auto grid w-full max-w-xl p-6 lg:p-8">
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <h1 className="flex items-center gap-3 text-2xl font-bold">
            <AlertCircle aria-hidden className="size-7 text-destructive" />
            {common('notFound.title')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('notFound')}</p>
          <Link to={paths.tab(SECTIONS[0])} className="text-sm font-medium text-primary hover:underline">
            {t('backToScreen')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
