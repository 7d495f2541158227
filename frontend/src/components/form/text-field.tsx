import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { englishText, ltrText } from '@/components/ltr';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { arabicText, optionalText } from '@/lib/form';
import { useFieldError } from './use-field-error';

export interface TextFieldProps<TValues extends FieldValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  /** A text field of the form: any other name fails to typecheck. */
  name: FieldPathByValue<TValues, string | null | undefined>;
  label: string;
  /** Arabic text: written right to left. */
  arabic?: boolean;
  /** English text (the English half of a bilingual pair): written left to right on an Arabic page too. */
  english?: boolean;
  /**
   * An English-only value (a code, a phone number): written left to right on an Arabic page
   * too. Links and e-mail addresses are, without asking.
   */
  ltr?: boolean;
  /** An optional text: empty is sent as none. */
  optional?: boolean;
  type?: 'text' | 'url' | 'email' | 'tel';
  hint?: string;
  className?: string;
}

/** A labelled text input registered under `name`, with its message. */
export function TextField<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  arabic = false,
  english = false,
  ltr = false,
  optional = false,
  type = 'text',
  hint,
  className,
}: TextFieldProps<TValues, TTransformed>) {
  const error = useFieldError(control, name);
  const direction = arabic ? arabicText : english ? englishText : ltr || type !== 'text' ? ltrText : {};
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      <Input type={type} {...direction} {...control.register(name, optional ? { setValueAs: optionalText } : {})} />
    </FormField>
  );
}

export interface TextareaFieldProps<TValues extends FieldValues, TTransformed> extends Omit<
  TextFieldProps<TValues, TTransformed>,
  'type' | 'optional' | 'ltr'
> {
  rows?: number;
}

/** A labelled text area registered under `name`, with its message. */
export function TextareaField<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  arabic = false,
  english = false,
  rows = 3,
  hint,
  className,
}: TextareaFieldProps<TValues, TTransformed>) {
  const error = useFieldError(control, name);
  const direction = arabic ? arabicText : english ? englishText : {};
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      <Textarea rows={rows} {...direction} {...control.register(name)} />
    </FormField>
  );
}
