// Typed access to the rules crate compiled to WASM: every validation message the panel
// shows comes from here, never from strings written in the frontend.
import type { FieldErrors, SignIn } from '@/generated/types';
import { call } from '@/generated/wasm/rules';

/** The payloads the rules can validate, by the name of their `validate.<name>` operation. */
export interface Payloads {
  signIn: SignIn;
}

export type Entity = keyof Payloads;

/** Runs one rules operation on JSON-serialisable input and parses its JSON answer. */
export function runRule(op: string, input: unknown): unknown {
  return JSON.parse(call(op, JSON.stringify(input)));
}

/** The failing fields of `payload` and their messages; `{}` when it is valid. */
export function validate<E extends Entity>(entity: E, payload: Payloads[E]): FieldErrors {
  return runRule(`validate.${entity}`, payload) as FieldErrors;
}
