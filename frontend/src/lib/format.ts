// Dates, numbers and money as the interface writes them: in its language ('en' or 'ar') and
// with the digits the user chose (Latin 0-9 by default, Arabic-Indic optional), held beside
// the language in i18n and set from the signed-in user's preferences (features/account).
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentNumerals, subscribeToNumerals, type Numerals } from '@/i18n';

export { currentNumerals, DEFAULT_NUMERALS, isNumerals, setNumerals, type Numerals } from '@/i18n';

/** Intl's numbering system of each choice of digits. */
function numberingSystem(digits: Numerals): string {
  return digits === 'arabic' ? 'arab' : 'latn';
}

/** What a formatted value depends on: the interface language and the digits. */
export interface FormatLocale {
  language: string;
  numerals: Numerals;
}

/** The digits in use, re-rendering the caller when they change. */
export function useNumerals(): Numerals {
  return useSyncExternalStore(subscribeToNumerals, currentNumerals, currentNumerals);
}

type DateInput = string | number | Date;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** A number: thousands grouped, at most `maximumFractionDigits` (2) decimals unless `options` say otherwise. */
export function formatNumber(value: number, locale: FormatLocale, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(locale.language, {
    maximumFractionDigits: 2,
    ...options,
    numberingSystem: numberingSystem(locale.numerals),
  }).format(value);
}

/**
 * An amount with its currency code ('1,250,000 USD'): the code is kept as written (it is
 * an English-only value; show the whole in an `<Ltr>` island on an Arabic page).
 */
export function formatMoney(amount: number, currency: string | null | undefined, locale: FormatLocale): string {
  const figure = formatNumber(amount, locale);
  const code = currency?.trim() ?? '';
  return code === '' ? figure : `${figure} ${code}`;
}

/** A calendar date, numeric ('11/26/2026'; '26‏/11‏/2026' in Arabic). */
export function formatDate(value: DateInput, locale: FormatLocale): string {
  return new Intl.DateTimeFormat(locale.language, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    numberingSystem: numberingSystem(locale.numerals),
  }).format(toDate(value));
}

/** A moment: its date and time to the second, in the reader's time zone. */
export function formatDateTime(value: DateInput, locale: FormatLocale): string {
  return new Intl.DateTimeFormat(locale.language, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    numberingSystem: numberingSystem(locale.numerals),
  }).format(toDate(value));
}

/** The formatters bound to one locale. */
export interface Formatter {
  locale: FormatLocale;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  money: (amount: number, currency?: string | null) => string;
  date: (value: DateInput) => string;
  dateTime: (value: DateInput) => string;
}

export function formatterFor(locale: FormatLocale): Formatter {
  return {
    locale,
    number: (value, options) => formatNumber(value, locale, options),
    money: (amount, currency) => formatMoney(amount, currency, locale),
    date: (value) => formatDate(value, locale),
    dateTime: (value) => formatDateTime(value, locale),
  };
}

/** The formatters of the interface's current language and digits; the caller re-renders when either changes. */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  const digits = useNumerals();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => formatterFor({ language, numerals: digits }), [language, digits]);
}
