// Where the listing is published (issue 41): the agency's website and the portals that read
// its feeds, one check box each, held as the form's `publishTo` set in the rules' order.
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import type { Portal } from '@/generated/types';
import { cn } from '@/lib/utils';
import { portals, usePortalName } from '../portal-names';
import { useFieldError, usePropertyForm } from './fields';

export function PublishToField() {
  const { t } = useTranslation('propertyForm');
  const { control } = usePropertyForm();
  const portalName = usePortalName();
  const id = useId();
  const error = useFieldError('publishTo');
  const {
    field: { value, onChange, onBlur, ref },
  } = useController({ control, name: 'publishTo' });
  const chosen: readonly Portal[] = value ?? [];
  const all = portals();
  const toggle = (portal: Portal, on: boolean) => {
    onChange(all.filter((candidate) => (candidate === portal ? on : chosen.includes(candidate))));
  };
  return (
    <fieldset className="grid gap-2" aria-describedby={error === undefined ? undefined : `${id}-error`}>
      <legend className={cn('mb-2 text-sm leading-none font-medium', error !== undefined && 'text-destructive')}>
        {t('fields.publishTo')}
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {all.map((portal, index) => (
          // The label holds its box: it names it with no id to look up.
          <label key={portal} className="flex items-center gap-2 text-sm">
            <Checkbox
              // A failed save puts the cursor on the first box.
              ref={index === 0 ? ref : undefined}
              checked={chosen.includes(portal)}
              onCheckedChange={(checked) => {
                toggle(portal, checked === true);
              }}
              onBlur={onBlur}
              aria-invalid={error !== undefined}
            />
            {portalName(portal)}
          </label>
        ))}
      </div>
      {error !== undefined && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
