import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import type { Portal, SettingsInput } from '@/generated/types';
import { useTermLabel } from '@/lib/bilingual';
import type { Draft } from '@/lib/form';
import { vocabulary } from '@/lib/rules';
import { cn } from '@/lib/utils';

/**
 * The portals a new listing is published to unless its own form says otherwise: one check
 * box per portal of the rules' list, kept in that list's order as the server stores it.
 */
export function PublishToField({
  control,
  error,
}: {
  control: Control<Draft<SettingsInput>, unknown, SettingsInput>;
  error: string | undefined;
}) {
  const { t } = useTranslation('settings');
  const termLabel = useTermLabel();
  const id = useId();
  const errorId = `${id}-error`;
  const invalid = error !== undefined;
  const portals = vocabulary('portals');
  return (
    <Controller
      control={control}
      name="defaultPublishTo"
      render={({ field }) => {
        const chosen = field.value ?? [];
        const toggle = (portal: Portal, on: boolean) => {
          field.onChange(
            portals.map((term) => term.value as Portal).filter((value) => (value === portal ? on : chosen.includes(value))),
          );
        };
        return (
          <fieldset className="grid gap-3" aria-describedby={invalid ? errorId : undefined}>
            <legend className={cn('mb-1 text-sm leading-none font-medium', invalid && 'text-destructive')}>
              {t('fields.defaultPublishTo')}
            </legend>
            <div className="flex flex-wrap gap-x-6 gap-y-3">
              {portals.map((term) => {
                const portal = term.value as Portal;
                const boxId = `${id}-${portal}`;
                return (
                  <label key={portal} htmlFor={boxId} className="flex items-center gap-2 text-sm font-medium">
                    <Checkbox
                      id={boxId}
                      ref={portal === portals[0]?.value ? field.ref : undefined}
                      checked={chosen.includes(portal)}
                      aria-invalid={invalid}
                      onCheckedChange={(checked) => {
                        toggle(portal, checked === true);
                      }}
                      onBlur={field.onBlur}
                    />
                    {termLabel('portals', term)}
                  </label>
                );
              })}
            </div>
            {invalid && (
              <p id={errorId} className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}
