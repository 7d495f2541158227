// The comprehensive form's calls of the rules that need more than its fields: the check of
// a save, which judges the permit by the place's authority and the browser's clock as the
// server does, and the listing's quality score and portal readiness while it is typed.
import type { FieldErrors as FormErrors, Resolver } from 'react-hook-form';
import type { FieldErrors, PortalReadiness, Quality } from '@/generated/types';
import { constants, currentYear, runRule } from '@/lib/rules';
import { FIELD_ORDER, type ParsedPropertyForm, type PropertyFormValues } from './form-values';
import { rulesNow } from './instants';
import type { MappedByPortal } from './portal-mapped';

/**
 * The failing fields of the form's values (`validate.property`). With the authority of the
 * listing's place, an active listing there without a valid permit fails as the server's
 * 422 would, message for message; without one the permit is not checked.
 */
export function validateProperty(values: PropertyFormValues, advertisingAuthority: string | null): FieldErrors {
  return runRule('validate.property', {
    ...values,
    currentYear: currentYear(),
    advertisingAuthority,
    now: rulesNow(),
  }) as FieldErrors;
}

/** What the form tells its resolver beside the values (react-hook-form's `context`). */
export interface PropertyCheckContext {
  /** The authority of the place chosen when the check runs; none where no level names one. */
  advertisingAuthority: string | null;
}

function authorityIn(context: unknown): string | null {
  if (typeof context !== 'object' || context === null || !('advertisingAuthority' in context)) return null;
  const { advertisingAuthority } = context;
  return typeof advertisingAuthority === 'string' ? advertisingAuthority : null;
}

/**
 * The form's resolver: the rules' verdict on its values, at the moment of the check, for
 * the authority its context names then (the place can change while the form is open).
 */
export const propertyResolver: Resolver<PropertyFormValues, unknown, ParsedPropertyForm> = (values, context) => {
  const failures = Object.entries(validateProperty(values, authorityIn(context)));
  // The rules accepted the draft: it is a complete payload.
  if (failures.length === 0) return { values: values as ParsedPropertyForm, errors: {} };
  const errors = Object.fromEntries(
    failures.map(([field, message]) => [field, { type: 'rules', message }]),
  ) as FormErrors<PropertyFormValues>;
  return { values: {}, errors };
};

/** What the quality score knows beyond the form's fields. */
export interface QualityContext {
  /** The chosen property type's names: a villa needs more photos. */
  typeNameEn: string;
  typeNameAr: string;
  advertisingAuthority: string | null;
}

/**
 * The form's fields as the rules read a payload. The rules read the payload's own types, so
 * a field the draft holds as none where the payload cannot be (a text not yet loaded) is read
 * as the new form's default.
 */
function payloadForRules(values: PropertyFormValues): Record<string, unknown> {
  const defaults = constants().newForms.property as Partial<Record<string, unknown>>;
  return Object.fromEntries(FIELD_ORDER.map((field) => [field, values[field] ?? defaults[field]]));
}

/**
 * The listing's quality as the form holds it (`property.formQuality`), its fixes in the
 * interface language; the score reads only texts, photos, area, pin and permit.
 */
export function formQuality(values: PropertyFormValues, context: QualityContext): Quality {
  return runRule('property.formQuality', { ...payloadForRules(values), ...context, now: rulesNow() }) as Quality;
}

/** What portal readiness knows beyond the form's fields. */
export interface ReadinessContext {
  advertisingAuthority: string | null;
  /** Whether each portal has words for the listing's type and place (the Portals screen's mappings). */
  mapped: MappedByPortal;
  /** The chosen agent has a phone number: the feeds show it. */
  agentPhone: boolean;
}

/** Each feed portal's verdict on the listing as the form holds it (`property.formReadiness`). */
export function formReadiness(values: PropertyFormValues, context: ReadinessContext): PortalReadiness[] {
  return runRule('property.formReadiness', { ...payloadForRules(values), ...context, now: rulesNow() }) as PortalReadiness[];
}
