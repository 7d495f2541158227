import type { FieldErrors as FormErrors, Resolver } from 'react-hook-form';
import { validate, type Entity, type Payloads } from './index';

/**
 * A react-hook-form resolver that validates with the rules compiled to WASM, so the form
 * shows the server's own messages and submits nothing while they fail.
 */
export function rulesResolver<E extends Entity>(entity: E): Resolver<Payloads[E]> {
  return (values) => {
    const failures = Object.entries(validate(entity, values));
    if (failures.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      failures.map(([field, message]) => [field, { type: 'rules', message }]),
    ) as FormErrors<Payloads[E]>;
    return { values: {}, errors };
  };
}
