// How a listing's coded values read on screen: status and continent by the rules'
// vocabularies (their English labels), money in the interface language's digits.
import type { PropertyStatus } from '@/generated/types';
import { runRule } from '@/lib/rules';

interface Term {
  value: string;
  label: string;
}

const labels = new Map<string, Map<string, string>>();

function label(vocabulary: 'propertyStatuses' | 'continents', value: string): string {
  let terms = labels.get(vocabulary);
  if (terms === undefined) {
    terms = new Map((runRule('vocabulary', vocabulary) as Term[]).map((term) => [term.value, term.label]));
    labels.set(vocabulary, terms);
  }
  return terms.get(value) ?? value;
}

export function statusLabel(status: PropertyStatus): string {
  return label('propertyStatuses', status);
}

/** A stored continent as the interface names it. */
export function continentLabel(continent: string): string {
  return label('continents', continent);
}

/** A price with its thousands grouped, as the interface language writes numbers. */
export function formatAmount(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(amount);
}
