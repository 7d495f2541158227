// The form's instants (issue 39) as date inputs: the publishing window as a date and time
// in the browser's time zone, a permit's dates as calendar days. The form holds the instant
// to send (RFC 3339 UTC) or none; the input holds what was typed.
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { ltrText } from '@/components/ltr';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFieldError, usePropertyForm } from './fields';
import { dayOfInstant, instantOfDay, instantOfLocal, localOfInstant, type DayEdge } from './instants';

export type InstantFieldName = 'publishAt' | 'unpublishAt' | 'permitIssuedAt' | 'permitExpiresAt' | 'contractEndsAt';

interface DateInputProps {
  name: InstantFieldName;
  label: string;
  hint?: string | undefined;
  type: 'datetime-local' | 'date';
  /** The input's text for an instant. */
  show: (instant: string | null) => string;
  /** The instant of the input's text; none when it is empty or incomplete. */
  read: (entry: string) => string | null;
}

function DateInput({ name, label, hint, type, show, read }: DateInputProps) {
  const { control } = usePropertyForm();
  const {
    field: { value: held, onChange, onBlur, ref },
  } = useController({ control, name });
  const error = useFieldError(name);
  const value = held ?? null;
  // What was typed while it still reads as the form's instant; the instant written afresh
  // when it changed from elsewhere (a reload of the record, a reset after saving).
  const [entry, setEntry] = useState(() => show(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (read(entry) !== value) setEntry(show(value));
  }
  return (
    <FormField label={label} error={error} hint={hint}>
      <Input
        type={type}
        {...ltrText}
        ref={ref}
        name={name}
        value={entry}
        onBlur={onBlur}
        onChange={(event) => {
          setEntry(event.target.value);
          onChange(read(event.target.value));
        }}
      />
    </FormField>
  );
}

/** A date and time in the browser's time zone, held as the UTC instant it is. */
export function DateTimeField({ name, label, hint }: { name: InstantFieldName; label: string; hint?: string }) {
  return (
    <DateInput name={name} label={label} hint={hint} type="datetime-local" show={localOfInstant} read={instantOfLocal} />
  );
}

/**
 * A calendar day, held as its first second in UTC (`edge` 'start': an issue date) or its
 * last (`edge` 'end': an expiry, which then holds through the whole day).
 */
export function DayField({ name, label, hint, edge }: { name: InstantFieldName; label: string; hint?: string; edge: DayEdge }) {
  return (
    <DateInput
      name={name}
      label={label}
      hint={hint}
      type="date"
      show={dayOfInstant}
      read={(entry) => instantOfDay(entry, edge)}
    />
  );
}
