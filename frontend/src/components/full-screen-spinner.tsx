import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

/** What shows while the session or a screen's code is still loading. */
export function FullScreenSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label={t('common.loading')} className="size-8" />
    </div>
  );
}
