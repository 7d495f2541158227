import { Plus, Settings2, Star } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useMovedToTrash } from '@/hooks/delete-toasts';
import { toast } from '@/hooks/use-toast';
import { bilingualOrder, englishText, useArabicFirst } from '@/lib/bilingual';
import { isConflict } from '@/lib/api-client';
import { arabicText } from '@/lib/form';
import { useDeleteCompanyValue } from '../api/delete-company-value';
import { useCompanyValues, type CompanyValue } from '../api/get-company-values';
import { useValuesSectionSettings } from '../api/values-section-settings';
import { SettingsDialog } from '../components/settings-dialog';
import { ValueCard } from '../components/value-card';
import { ValueDialog, type ValueDialogState } from '../components/value-dialog';

function CompanyValues() {
  const { t } = useTranslation('companyValues');
  const arabicFirst = useArabicFirst();
  const values = useCompanyValues();
  const settings = useValuesSectionSettings();
  const remove = useDeleteCompanyValue();
  const moved = useMovedToTrash();
  const [dialog, setDialog] = useState<ValueDialogState>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const onDelete = (value: CompanyValue) => {
    if (!window.confirm(t('confirmDelete'))) return;
    // Site §8 throws this failure with no visible handling: here the person is told.
    remove.mutate(value, {
      onSuccess: moved(t('toast.deleted')),
      onError: (error) => {
        toast({
          title: t('toast.deleteFailed'),
          ...(isConflict(error) ? { description: t('conflictOnDelete') } : {}),
          variant: 'destructive',
        });
      },
    });
  };
  const add = () => {
    setDialog({ value: null });
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            <Button
              variant="outline"
              disabled={settings.data === undefined}
              onClick={() => {
                setSettingsOpen(true);
              }}
            >
              <Settings2 aria-hidden />
              {t('sectionSettings')}
            </Button>
            <Button disabled={values.isPending} onClick={add}>
              <Plus aria-hidden />
              {t('addValue')}
            </Button>
          </>
        }
      />
      {settings.data !== undefined && (
        <Card>
          <CardHeader>
            <CardTitle>{t('sectionConfiguration')}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {bilingualOrder(
              arabicFirst,
              <div key="en" {...englishText}>
                <p className="font-semibold">{settings.data.titleEn}</p>
                <p className="text-sm text-muted-foreground">{settings.data.subtitleEn}</p>
              </div>,
              <div key="ar" {...arabicText}>
                <p className="font-semibold">{settings.data.titleAr}</p>
                <p className="text-sm text-muted-foreground">{settings.data.subtitleAr}</p>
              </div>,
            )}
          </CardContent>
        </Card>
      )}
      {values.isError ? (
        <QueryError error={values.error} />
      ) : values.isPending ? (
        <p role="status" className="text-muted-foreground">
          {t('loading')}
        </p>
      ) : values.data.length === 0 ? (
        <EmptyState
          icon={Star}
          title={t('emptyTitle')}
          text={t('emptyText')}
          action={
            <Button onClick={add}>
              <Plus aria-hidden />
              {t('addFirst')}
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t('title')}>
          {values.data.map((value) => (
            <li key={value.id}>
              <ValueCard
                value={value}
                onEdit={() => {
                  setDialog({ value });
                }}
                onDelete={() => {
                  onDelete(value);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <ValueDialog
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
      <SettingsDialog
        settings={settings.data}
        open={settingsOpen}
        onClose={() => {
          setSettingsOpen(false);
        }}
      />
    </div>
  );
}

/** Company Values (site-content §2), once its text (the `companyValues` namespace) has arrived. */
export default function CompanyValuesRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <CompanyValues />
    </Suspense>
  );
}
