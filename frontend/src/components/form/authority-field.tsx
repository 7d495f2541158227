import { useState } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useTermLabel } from '@/lib/bilingual';
import { optionalText } from '@/lib/form';
import { vocabulary } from '@/lib/rules';
import { useFieldError } from './use-field-error';

/** The select's choice that keeps a name typed beside it. */
const OTHER = 'other';

export interface AuthorityFieldProps<TValues extends FieldValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  /** An optional text field of the form, holding the authority's name: none for no authority. */
  name: FieldPathByValue<TValues, string | null | undefined>;
  label: string;
  hint?: string;
}

/**
 * Who regulates property advertising, or issued a licence (issue 39): none, one of the
 * authorities the rules know (DLD, ADREC, REGA), or another named in a text field beside the
 * select. The form holds the name, none for 'None' and for 'Other' left blank.
 */
export function AuthorityField<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  hint,
}: AuthorityFieldProps<TValues, TTransformed>) {
  const { t } = useTranslation();
  const termLabel = useTermLabel();
  const {
    field: { value, onChange, onBlur, ref },
  } = useController({ control, name });
  const error = useFieldError(control, name);
  const authorities = vocabulary('advertisingAuthorities');
  const held: string = typeof value === 'string' ? value : '';
  const known = authorities.some((term) => term.value === held);
  // 'Other' stays chosen while its name is typed, even a name spelling a known authority.
  const [otherChosen, setOtherChosen] = useState(held !== '' && !known);
  const choice = otherChosen ? OTHER : known ? held : '';
  return (
    <>
      <FormField label={label} error={otherChosen ? undefined : error} hint={hint}>
        <Select
          ref={ref}
          onBlur={onBlur}
          value={choice}
          onChange={(event) => {
            const chosen = event.target.value;
            setOtherChosen(chosen === OTHER);
            onChange(chosen === OTHER || chosen === '' ? null : chosen);
          }}
        >
          <option value="">{t('authority.none')}</option>
          {authorities.map((term) => (
            <option key={term.value} value={term.value}>
              {termLabel('advertisingAuthorities', term)}
            </option>
          ))}
          <option value={OTHER}>{t('authority.other')}</option>
        </Select>
      </FormField>
      {otherChosen && (
        <FormField label={t('authority.otherName')} error={error}>
          <Input
            value={held}
            onBlur={onBlur}
            onChange={(event) => {
              onChange(optionalText(event.target.value));
            }}
          />
        </FormField>
      )}
    </>
  );
}
