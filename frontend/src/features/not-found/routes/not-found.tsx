import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardContent } from '@/components/ui/card';

/** The 404 page; also what a declared route shows until its screen lands. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen w-full items-center justify-center p-6">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-3">
            <AlertCircle className="size-8 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">
              <span className="text-muted-foreground">{t('notFound.code')}</span> {t('notFound.title')}
            </h1>
          </div>
          <p className="text-sm text-muted-foreground">{t('notFound.hint')}</p>
          <Link to="/" className="mt-6 inline-block text-sm font-medium text-primary hover:underline">
            {t('notFound.home')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
