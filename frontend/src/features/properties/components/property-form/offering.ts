// Sale or rent (issue 39): the rules' vocabularies of offerings and rent periods, and which
// statuses fit an offering. Both property forms read them here. The rules' `vocabulary`
// operation spells the values, their order and the English labels; the Arabic ones come
// from the panel's vocabulary file, as for every other vocabulary.
import type { OfferingType, PropertyStatus, RentFrequency, Term } from '@/generated/types';
import arabicTerms from '@/i18n/vocabulary.ar.json';
import { constants, currentYear, runRule, vocabulary } from '@/lib/rules';

/**
 * The vocabularies of issue 39 the forms offer; read here alike, as the typed `vocabulary()`
 * of lib/rules does not name the rent periods.
 */
export type LifecycleVocabulary = 'offeringTypes' | 'rentFrequencies' | 'advertisingAuthorities';

/** A vocabulary's terms in the rules' order. */
export function lifecycleTerms(name: LifecycleVocabulary): Term[] {
  return runRule('vocabulary', name) as Term[];
}

const arabicLabels: Partial<Record<string, Record<string, string>>> = arabicTerms;

/** A term's label in the interface language: the rules' English one, or its Arabic translation. */
export function lifecycleLabel(arabicFirst: boolean, name: LifecycleVocabulary, term: Term): string {
  if (!arabicFirst) return term.label;
  return arabicLabels[name]?.[term.value] ?? term.label;
}

export function isOfferingType(value: unknown): value is OfferingType {
  return lifecycleTerms('offeringTypes').some((term) => term.value === value);
}

export function isRentFrequency(value: unknown): value is RentFrequency {
  return lifecycleTerms('rentFrequencies').some((term) => term.value === value);
}

const fitting = new Map<OfferingType, readonly PropertyStatus[]>();

/**
 * The statuses a listing of `offering` may carry, in the rules' order. The rules say it
 * (`sold` ends a sale, `rented` a rental): each status is put to `validate.property` on
 * the new form's defaults, and kept unless the rules refuse the status itself.
 */
export function statusesFitting(offering: OfferingType): readonly PropertyStatus[] {
  const known = fitting.get(offering);
  if (known !== undefined) return known;
  const base = constants().newForms.property;
  const rentFrequency = offering === 'rent' ? (lifecycleTerms('rentFrequencies')[0]?.value ?? null) : null;
  const statuses = vocabulary('propertyStatuses')
    .map((term) => term.value as PropertyStatus)
    .filter((status) => {
      const errors = runRule('validate.property', {
        ...base,
        offeringType: offering,
        rentFrequency,
        status,
        currentYear: currentYear(),
      }) as Record<string, string>;
      return errors.status === undefined;
    });
  fitting.set(offering, statuses);
  return statuses;
}

/**
 * The statuses a status select offers: those fitting the offering, and the one the form
 * holds when it does not fit (after the offering changed), so the select shows what will be
 * sent while the rules' message under it says why it cannot be.
 */
export function statusChoices(offering: OfferingType, held: string | null | undefined): readonly string[] {
  const fits: readonly string[] = statusesFitting(offering);
  if (held == null || held === '' || fits.includes(held)) return fits;
  const order = vocabulary('propertyStatuses').map((term) => term.value);
  return order.filter((status) => fits.includes(status) || status === held);
}
