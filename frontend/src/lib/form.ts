// Small bridges between the API's records and react-hook-form's values.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrors } from './api-client';

/**
 * What a form holds while it is being filled: any field may still be empty. The rules
 * resolver turns a draft that passes into the payload itself.
 */
export type Draft<T> = { [K in keyof T]?: T[K] | null };

/** Props for an element holding Arabic text (inputs included): right to left, in Arabic. */
export const arabicText = { dir: 'rtl', lang: 'ar' } as const;

/** A text input's value for optional text: empty for none. */
export function textValue(value: string | null | undefined): string {
  return value ?? '';
}

/** Optional text as the API stores it: none rather than an empty string. */
export function optionalText(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

/** A select's value for an optional id: empty for none. */
export function idValue(value: number | null | undefined): string {
  return value === undefined || value === null || value < 1 ? '' : String(value);
}

/** An id chosen in a select: none for the empty placeholder option. */
export function chosenId(value: string): number | null {
  return value === '' ? null : Number(value);
}

/**
 * Puts the server's field messages of a failed call (a 422) under the form's fields;
 * answers whether there were any.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const messages = fieldErrors(error);
  let shown = false;
  for (const field of fields) {
    const message = messages[field];
    if (message !== undefined) {
      setError(field, { type: 'server', message });
      shown = true;
    }
  }
  return shown;
}
