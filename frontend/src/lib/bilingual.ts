// A record's English and Arabic texts as the interface language shows them: an Arabic
// interface shows the Arabic text first (core-panel §1: "Lists show Arabic titles and locations
// when the layout is right-to-left"), an English one the English text, as before.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Term } from '@/generated/types';
import arabicTerms from '@/i18n/vocabulary.ar.json';
import type { VocabularyName } from '@/lib/rules';

/** Marks a value that stays English in any interface (e-mail, URL, phone, codes): left to right. */
export const latinValue = { dir: 'ltr' } as const;

/** Marks an English text shown beside its Arabic one (a catalogue's English name column). */
export const englishText = { dir: 'ltr', lang: 'en' } as const;

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/**
 * The language and direction of a text typed into a field that has no language of its own (a
 * team member's specializations): Arabic when it holds Arabic letters, else English.
 */
export function textLanguage(text: string) {
  return ARABIC_LETTER.test(text) ? ({ dir: 'rtl', lang: 'ar' } as const) : englishText;
}

function isArabic(language: string | undefined): boolean {
  return language === 'ar' || (language?.startsWith('ar-') ?? false);
}

/** Whether the interface is Arabic: records then show their Arabic texts first. */
export function useArabicFirst(): boolean {
  const { i18n } = useTranslation();
  return isArabic(i18n.language);
}

/** The text of a pair the interface shows: the Arabic one in Arabic (the English one when it is empty). */
export function pickText(arabicFirst: boolean, english: string | null | undefined, arabic: string | null | undefined): string {
  const en = english ?? '';
  const ar = arabic ?? '';
  if (arabicFirst) return ar.trim() === '' ? en : ar;
  return en.trim() === '' ? ar : en;
}

/** `pick(en, ar)`: a record's text in the interface language (see `pickText`). */
export function useBilingual() {
  const arabicFirst = useArabicFirst();
  return {
    arabicFirst,
    pick: (english: string | null | undefined, arabic: string | null | undefined) => pickText(arabicFirst, english, arabic),
  };
}

/** The English and Arabic parts of a pair (fields, columns) in the order the interface reads them. */
export function bilingualOrder<T extends ReactNode>(arabicFirst: boolean, english: T, arabic: T): [T, T] {
  return arabicFirst ? [arabic, english] : [english, arabic];
}

const arabicLabels = arabicTerms as Partial<Record<VocabularyName, Record<string, string>>>;

/** A rules vocabulary term's label in the interface language (the rules spell the English one). */
export function termLabel(arabicFirst: boolean, vocabulary: VocabularyName, term: Pick<Term, 'value' | 'label'>): string {
  if (!arabicFirst) return term.label;
  return arabicLabels[vocabulary]?.[term.value] ?? term.label;
}

/** `label(vocabulary, term)`: `termLabel` in the current interface language. */
export function useTermLabel() {
  const arabicFirst = useArabicFirst();
  return (vocabulary: VocabularyName, term: Pick<Term, 'value' | 'label'>) => termLabel(arabicFirst, vocabulary, term);
}
