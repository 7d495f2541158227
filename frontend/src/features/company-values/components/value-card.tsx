import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { RecordActions } from '@/components/record-actions';
import { Card, CardContent } from '@/components/ui/card';
import { bilingualOrder, englishText, latinValue, pickText, useArabicFirst } from '@/lib/bilingual';
import { arabicText } from '@/lib/form';
import { scaledImage } from '@/lib/media';
import type { CompanyValue } from '../api/get-company-values';

/**
 * One value (site-content §2): its icon class, both titles, 'Order: n', Active/Inactive,
 * both descriptions clamped to 3 lines, an 80-pixel thumbnail (the upload preferred over
 * the URL), Edit and Delete.
 */
export function ValueCard({
  value,
  onEdit,
  onDelete,
}: {
  value: CompanyValue;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('companyValues');
  const arabicFirst = useArabicFirst();
  const title = pickText(arabicFirst, value.titleEn, value.titleAr);
  const image = value.imageData ?? value.imageUrl;
  return (
    <Card>
      <CardContent className="grid gap-3 p-5">
        <div className="flex items-start gap-3">
          {image !== null && image !== undefined && image !== '' ? (
            <img src={scaledImage(image, 160)} alt={title} className="size-20 shrink-0 rounded-md object-cover" />
          ) : (
            <span className="flex size-20 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
              <Star aria-hidden className="size-8" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h3 className="font-semibold">{title}</h3>
            <p {...(arabicFirst ? englishText : arabicText)} className="text-sm text-muted-foreground">
              {arabicFirst ? value.titleEn : value.titleAr}
            </p>
            {value.iconClass !== '' && (
              <p className="mt-1 font-mono text-xs text-muted-foreground" {...latinValue}>
                {value.iconClass}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant="outline">{t('order', { order: value.displayOrder })}</Badge>
          <Badge variant={value.isActive ? 'success' : 'secondary'}>
            {value.isActive ? t('active') : t('inactive')}
          </Badge>
        </div>
        {bilingualOrder(
          arabicFirst,
          <p key="en" {...englishText} className="line-clamp-3 text-sm">
            {value.descriptionEn}
          </p>,
          <p key="ar" {...arabicText} className="line-clamp-3 text-sm">
            {value.descriptionAr}
          </p>,
        )}
        <RecordActions
          onEdit={onEdit}
          onDelete={onDelete}
          labels={{
            edit: t('edit'),
            delete: t('delete'),
            editRecord: t('editValue', { title }),
            deleteRecord: t('deleteValue', { title }),
          }}
          className="justify-end"
        />
      </CardContent>
    </Card>
  );
}
