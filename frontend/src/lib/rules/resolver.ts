import type { FieldErrors as FormErrors, Resolver } from 'react-hook-form';
import type { Draft } from '@/lib/form';
import { validate, type Entity, type Payloads } from './index';

/**
 * A react-hook-form resolver that validates with the rules compiled to WASM, so the form
 * shows the server's own messages and submits nothing while they fail.
 */
export function rulesResolver<E extends Entity>(entity: E): Resolver<Draft<Payloads[E]>, unknown, Payloads[E]> {
  return (values) => {
    const failures = Object.entries(validate(entity, values));
    // The rules accepted the draft: it is a complete payload.
    if (failures.length === 0) return { values: values as Payloads[E], errors: {} };
    const errors = Object.fromEntries(
      failures.map(([field, message]) => [field, { type: 'rules', message }]),
    ) as FormErrors<Draft<Payloads[E]>>;
    return { values: {}, errors };
  };
}
