import { ImageIcon, ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { RecordActions } from '@/components/record-actions';
import { Card, CardContent } from '@/components/ui/card';
import { bilingualOrder, englishText, pickText, useArabicFirst } from '@/lib/bilingual';
import { arabicText } from '@/lib/form';
import { scaledImage } from '@/lib/media';
import type { HeroImage } from '../api/hero-images';
import { pageLabel } from './hero-pages';

function Placeholder({ label, broken }: { label: string; broken: boolean }) {
  const Icon = broken ? ImageOff : ImageIcon;
  return (
    <div role="img" aria-label={label} className="flex aspect-video w-full items-center justify-center bg-muted text-muted-foreground">
      <Icon aria-hidden className="size-10" />
    </div>
  );
}

/** The banner, or an icon in its place once it fails to load (site-content §2). */
function HeroPicture({ source, alt }: { source: string; alt: string }) {
  const { t } = useTranslation('heroImages');
  const [broken, setBroken] = useState(false);
  if (broken) return <Placeholder label={t('imageUnavailable')} broken />;
  return (
    <img
      src={scaledImage(source, 640)}
      alt={alt}
      loading="lazy"
      className="aspect-video w-full object-cover"
      onError={() => {
        setBroken(true);
      }}
    />
  );
}

/**
 * One page's hero (site-content §2): its banner, the page, both titles and subtitles,
 * Active/Inactive, Edit and Delete.
 */
export function HeroCard({ hero, onEdit, onDelete }: { hero: HeroImage; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('heroImages');
  const arabicFirst = useArabicFirst();
  const page = pageLabel(hero.pageName, arabicFirst);
  // The stored reference wins, as on the public site; the server keeps only one of the two.
  const source = hero.imageData ?? hero.imageUrl ?? '';
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {source === '' ? (
        <Placeholder label={t('noImage')} broken={false} />
      ) : (
        // A new image after an edit gets a fresh chance to load.
        <HeroPicture key={source} source={source} alt={pickText(arabicFirst, hero.titleEn, hero.titleAr)} />
      )}
      <CardContent className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{page}</Badge>
          <Badge variant={hero.isActive ? 'success' : 'secondary'}>{hero.isActive ? t('active') : t('inactive')}</Badge>
        </div>
        {bilingualOrder(
          arabicFirst,
          <div key="en" {...englishText} className="grid gap-1">
            <h3 className="font-semibold">{hero.titleEn}</h3>
            {hero.subtitleEn !== null && hero.subtitleEn !== undefined && (
              <p className="text-sm text-muted-foreground">{hero.subtitleEn}</p>
            )}
          </div>,
          <div key="ar" {...arabicText} className="grid gap-1">
            <p className="font-semibold">{hero.titleAr}</p>
            {hero.subtitleAr !== null && hero.subtitleAr !== undefined && (
              <p className="text-sm text-muted-foreground">{hero.subtitleAr}</p>
            )}
          </div>,
        )}
        <RecordActions
          onEdit={onEdit}
          onDelete={onDelete}
          labels={{
            edit: t('edit'),
            delete: t('delete'),
            editRecord: t('editHero', { page }),
            deleteRecord: t('deleteHero', { page }),
          }}
          className="mt-auto justify-end"
        />
      </CardContent>
    </Card>
  );
}
