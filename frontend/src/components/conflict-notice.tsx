import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { SaveConflict } from '@/hooks/use-save-record';

/**
 * Says, inside a form, that its record was changed by someone else meanwhile, and offers
 * the two ways on: take their version into the form, or save this one over it.
 */
export function ConflictNotice({ conflict }: { conflict: SaveConflict }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <div className="grid gap-1">
        <p className="font-semibold">{t('conflict.title')}</p>
        <p>{t('conflict.description')}</p>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={conflict.reload}>
          {t('conflict.reload')}
        </Button>
        <Button
          type="button"
          variant="destructive"
          size="sm"
          onClick={(event) => {
            const { form } = event.currentTarget;
            conflict.overwrite();
            form?.requestSubmit();
          }}
        >
          {t('conflict.overwrite')}
        </Button>
      </div>
    </div>
  );
}
