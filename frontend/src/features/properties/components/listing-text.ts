// How a listing's coded values read on screen: status and continent by the rules'
// vocabularies, in the interface language.
import type { PropertyStatus } from '@/generated/types';
import { termLabel } from '@/lib/bilingual';
import { runRule } from '@/lib/rules';

interface Term {
  value: string;
  label: string;
}

const labels = new Map<string, Map<string, Term>>();

function label(vocabulary: 'propertyStatuses' | 'continents', value: string, arabicFirst: boolean): string {
  let terms = labels.get(vocabulary);
  if (terms === undefined) {
    terms = new Map((runRule('vocabulary', vocabulary) as Term[]).map((term) => [term.value, term]));
    labels.set(vocabulary, terms);
  }
  const term = terms.get(value);
  return term === undefined ? value : termLabel(arabicFirst, vocabulary, term);
}

/** A listing's status as the interface names it (Arabic when `arabicFirst`). */
export function statusLabel(status: PropertyStatus, arabicFirst: boolean): string {
  return label('propertyStatuses', status, arabicFirst);
}

/** A stored continent as the interface names it (Arabic when `arabicFirst`). */
export function continentLabel(continent: string, arabicFirst: boolean): string {
  return label('continents', continent, arabicFirst);
}

