import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The Active/Inactive flag (site-content §4): only active records reach the public site. */
export function ActiveField(props: UseFormRegisterReturn<'isActive'>) {
  const { t } = useTranslation('services');
  const hintId = useId();
  return (
    <div className="grid content-end gap-1">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-primary" aria-describedby={hintId} {...props} />
        {t('fields.isActive')}
      </label>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('activeHint')}
      </p>
    </div>
  );
}
