import { ImageIcon, Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMovedToTrash } from '@/hooks/delete-toasts';
import { toast } from '@/hooks/use-toast';
import { errorMessage, isConflict } from '@/lib/api-client';
import { heroImages, type HeroImage } from '../api/hero-images';
import { HeroCard } from '../components/hero-card';
import { HeroDialog, type HeroDialogState } from '../components/hero-dialog';
import { heroPages, pagePosition } from '../components/hero-pages';

function HeroImages() {
  const { t } = useTranslation(['heroImages', 'translation']);
  const list = heroImages.useList();
  const remove = heroImages.useDelete();
  const moved = useMovedToTrash();
  const [dialog, setDialog] = useState<HeroDialogState>(null);

  const heroes = [...(list.data ?? [])].sort((a, b) => pagePosition(a.pageName) - pagePosition(b.pageName));
  const everyPageUsed = heroes.length >= heroPages().length;

  const onDelete = (hero: HeroImage) => {
    if (!window.confirm(t('confirmDelete'))) return;
    remove.mutate(hero, {
      onSuccess: moved(t('toast.deleted')),
      // Site §8: the error message is shown.
      onError: (error) => {
        toast({
          title: errorMessage(error),
          ...(isConflict(error) ? { description: t('translation:conflict.deleteFailed') } : {}),
          variant: 'destructive',
        });
      },
    });
  };
  const add = () => {
    setDialog({ hero: null });
  };

  return (
    <div className="mx-auto grid max-w-7xl gap-6 p-6 lg:p-8">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button disabled={list.isPending || everyPageUsed} onClick={add}>
            <Plus aria-hidden />
            {t('addHero')}
          </Button>
        }
      />
      {everyPageUsed && <p className="text-sm text-muted-foreground">{t('everyPageUsed')}</p>}
      {list.isError ? (
        <QueryError error={list.error} />
      ) : list.isPending ? (
        <p role="status" className="text-muted-foreground">
          {t('loading')}
        </p>
      ) : heroes.length === 0 ? (
        <EmptyState
          icon={ImageIcon}
          title={t('emptyTitle')}
          text={t('emptyText')}
          action={
            <Button onClick={add}>
              <Plus aria-hidden />
              {t('addHero')}
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t('title')}>
          {heroes.map((hero) => (
            <li key={hero.id}>
              <HeroCard
                hero={hero}
                onEdit={() => {
                  setDialog({ hero });
                }}
                onDelete={() => {
                  onDelete(hero);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <HeroDialog
        state={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}

/** Hero Images Management (site-content §2), once its text (the `heroImages` namespace) has arrived. */
export default function HeroImagesRoute() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} className="m-8" />}>
      <HeroImages />
    </Suspense>
  );
}
