import type { FieldErrors as FormErrors, Resolver } from 'react-hook-form';
import type { Draft } from '@/lib/form';
import { validate, type Entity, type Payloads } from './index';

/**
 * A react-hook-form resolver that validates with the rules compiled to WASM, so the form
 * shows the server's own messages and submits nothing while they fail. A form may hold
 * `TExtra` fields beside the payload's (the property form's selected feature ids): the
 * rules ignore them and they pass through as they are.
 */
export function rulesResolver<E extends Entity, TExtra extends object = object>(
  entity: E,
): Resolver<Draft<Payloads[E]> & TExtra, unknown, Payloads[E] & TExtra> {
  return (values) => {
    const failures = Object.entries(validate(entity, values));
    // The rules accepted the draft: it is a complete payload.
    if (failures.length === 0) return { values: values as Payloads[E] & TExtra, errors: {} };
    const errors = Object.fromEntries(
      failures.map(([field, message]) => [field, { type: 'rules', message }]),
    ) as FormErrors<Draft<Payloads[E]> & TExtra>;
    return { values: {}, errors };
  };
}
