import type { ComponentProps } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { constants } from '@/lib/rules';
import type { SettingsInput } from '@/generated/types';
import type { Draft } from '@/lib/form';

/** What a colour swatch can hold: given anything else, the browser shows black. */
const SWATCH_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * The public website's colour (issue 40), one value behind two controls: a swatch to pick it
 * and a text input to type or paste its hex code, which keyboard users and assistive
 * technology reach as the labelled field. Empty is the default; the rules judge the rest.
 */
export function PrimaryColorField({ control }: { control: Control<Draft<SettingsInput>, unknown, SettingsInput> }) {
  const { t } = useTranslation('settings');
  const {
    field: { value, onChange, onBlur, ref },
    fieldState: { error },
  } = useController({ control, name: 'primaryColor' });
  const code = value ?? '';
  return (
    <FormField label={t('fields.primaryColor')} hint={t('primaryColorHint')} error={error?.message}>
      <ColorInputs
        ref={ref}
        value={code}
        onBlur={onBlur}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        // While the code is empty or half typed, the swatch shows the colour the website uses.
        swatch={SWATCH_COLOR.test(code) ? code.toLowerCase() : constants().primaryColorDefault}
        swatchLabel={t('primaryColorSwatch')}
        onPick={onChange}
      />
    </FormField>
  );
}

/** The swatch and the text input; the text input takes the form field's id and aria attributes. */
function ColorInputs({
  swatch,
  swatchLabel,
  onPick,
  ...text
}: ComponentProps<'input'> & { swatch: string; swatchLabel: string; onPick: (color: string) => void }) {
  return (
    <div className="flex gap-2">
      <input
        type="color"
        aria-label={swatchLabel}
        value={swatch}
        onChange={(event) => {
          onPick(event.target.value);
        }}
        className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
      />
      {/* A hex code reads left to right on an Arabic screen too. */}
      <Input dir="ltr" spellCheck={false} placeholder={constants().primaryColorDefault} {...text} />
    </div>
  );
}
