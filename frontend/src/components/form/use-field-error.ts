import { get, useFormState, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** The message under one field, from the rules or the server; undefined while it is valid. */
export function useFieldError<TValues extends FieldValues, TTransformed>(
  control: Control<TValues, unknown, TTransformed>,
  name: FieldPath<TValues>,
): string | undefined {
  const { errors } = useFormState({ control, name });
  const error: unknown = get(errors, name);
  const message = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return typeof message === 'string' ? message : undefined;
}
