// The interface speaks English (the default) or Arabic, right to left (issue 23, ADR 0018).
// Before sign-in the language is the one chosen on this device (the sign-in page offers it);
// once signed in, the user's own stored choice wins (features/account applies it).
// English is bundled; Arabic and every screen's text are fetched only when needed, so the
// first screen does not download text it never shows.
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

/** The languages of the interface. */
export const INTERFACE_LANGUAGES = ['en', 'ar'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

/** Where this device remembers the language chosen before sign-in. */
export const LANGUAGE_STORAGE_KEY = 'aqar.language';
/** The key an earlier build of i18next's detector wrote; never read, removed at start. */
const RETIRED_STORAGE_KEY = 'i18nextLng';

export const resources = {
  // The rules spell their messages in English: only Arabic has a table of them to load.
  en: { translation: en, rules: {} },
} as const;

/**
 * Text that only a lazily loaded screen shows, as a namespace of its own: fetched with the
 * screen (`useTranslation(namespace)` waits for it), so the first load never carries it.
 */
export interface ScreenText {
  propertyForm: typeof import('./property-form.en.json');
  properties: typeof import('./properties.en.json');
  quickProperty: typeof import('./quick-property.en.json');
  dashboard: typeof import('./dashboard.en.json');
  history: typeof import('./history.en.json');
  companyValues: typeof import('./company-values.en.json');
  about: typeof import('./about.en.json');
  users: typeof import('./users.en.json');
  settings: typeof import('./settings.en.json');
  account: typeof import('./account.en.json');
  contacts: typeof import('./contacts.en.json');
  team: typeof import('./team.en.json');
  services: typeof import('./services.en.json');
  heroImages: typeof import('./hero-images.en.json');
  imports: typeof import('./imports.en.json');
  trash: typeof import('./trash.en.json');
  portals: typeof import('./portals.en.json');
  twoFactor: typeof import('./two-factor.en.json');
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'] & ScreenText;
  }
}

type TextChunk = () => Promise<{ default: ResourceKey }>;

/** Every text resource that is not bundled, by namespace, then language. */
const textChunks: Record<string, Record<string, TextChunk>> = {
  translation: { ar: () => import('./ar.json') },
  // The Arabic of the rules' messages, generated from the rules crate (`make types`), which the
  // browser's rules are built without and learn from this chunk (lib/rules).
  rules: { ar: () => import('@/generated/messages.ar.json') },
  propertyForm: {
    en: () => import('./property-form.en.json'),
    ar: () => import('./property-form.ar.json'),
  },
  properties: {
    en: () => import('./properties.en.json'),
    ar: () => import('./properties.ar.json'),
  },
  quickProperty: {
    en: () => import('./quick-property.en.json'),
    ar: () => import('./quick-property.ar.json'),
  },
  dashboard: {
    en: () => import('./dashboard.en.json'),
    ar: () => import('./dashboard.ar.json'),
  },
  history: {
    en: () => import('./history.en.json'),
    ar: () => import('./history.ar.json'),
  },
  companyValues: {
    en: () => import('./company-values.en.json'),
    ar: () => import('./company-values.ar.json'),
  },
  about: {
    en: () => import('./about.en.json'),
    ar: () => import('./about.ar.json'),
  },
  users: {
    en: () => import('./users.en.json'),
    ar: () => import('./users.ar.json'),
  },
  settings: {
    en: () => import('./settings.en.json'),
    ar: () => import('./settings.ar.json'),
  },
  account: {
    en: () => import('./account.en.json'),
    ar: () => import('./account.ar.json'),
  },
  contacts: {
    en: () => import('./contacts.en.json'),
    ar: () => import('./contacts.ar.json'),
  },
  team: {
    en: () => import('./team.en.json'),
    ar: () => import('./team.ar.json'),
  },
  services: {
    en: () => import('./services.en.json'),
    ar: () => import('./services.ar.json'),
  },
  heroImages: {
    en: () => import('./hero-images.en.json'),
    ar: () => import('./hero-images.ar.json'),
  },
  imports: {
    en: () => import('./imports.en.json'),
    ar: () => import('./imports.ar.json'),
  },
  trash: {
    en: () => import('./trash.en.json'),
    ar: () => import('./trash.ar.json'),
  },
  portals: {
    en: () => import('./portals.en.json'),
    ar: () => import('./portals.ar.json'),
  },
  twoFactor: {
    en: () => import('./two-factor.en.json'),
    ar: () => import('./two-factor.ar.json'),
  },
} satisfies Record<'translation' | 'rules' | keyof ScreenText, Record<string, TextChunk>>;

/** Reads a language or a screen's namespace that is not bundled from its own chunk. */
const languageChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load = textChunks[namespace]?.[language];
    if (load === undefined) {
      callback(new Error(`no text resource '${namespace}' for '${language}'`), false);
      return;
    }
    load().then(
      (module) => {
        callback(null, module.default);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return value === 'en' || value === 'ar';
}

/** The writing direction of a language: Arabic right to left, English left to right. */
export function directionOf(language: string): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** The language chosen on this device, English when none was (or storage is unavailable). */
export function deviceLanguage(): InterfaceLanguage {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isInterfaceLanguage(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

function rememberOnDevice(language: InterfaceLanguage): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (privacy modes): the choice then lasts for this page only.
  }
}

/**
 * Shows the interface in `language` and remembers it on this device (the sign-in page
 * opens in it next time). Its text is fetched first, so no screen shows half of it in the
 * old language; `<html lang dir>` follow. Resolves once the interface is switched.
 */
export async function setInterfaceLanguage(language: InterfaceLanguage): Promise<void> {
  rememberOnDevice(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** The digits numbers are written with: Latin 0-9 or Arabic-Indic ٠-٩ (the user's `numerals`). */
export type Numerals = 'latin' | 'arabic';

export const DEFAULT_NUMERALS: Numerals = 'latin';

export function isNumerals(value: unknown): value is Numerals {
  return value === 'latin' || value === 'arabic';
}

let numerals: Numerals = DEFAULT_NUMERALS;
const numeralsListeners = new Set<() => void>();

/** Sets the digits every formatted value uses (lib/format); screens showing values re-render at once. */
export function setNumerals(next: Numerals): void {
  if (next === numerals) return;
  numerals = next;
  for (const listener of numeralsListeners) listener();
}

/** The digits in use now. */
export function currentNumerals(): Numerals {
  return numerals;
}

/** Calls `listener` whenever the digits change; returns the unsubscription. */
export function subscribeToNumerals(listener: () => void): () => void {
  numeralsListeners.add(listener);
  return () => {
    numeralsListeners.delete(listener);
  };
}

function showLanguage(language: string): void {
  // The rules' tests run i18next without a page (vitest's node environment).
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
}

try {
  window.localStorage.removeItem(RETIRED_STORAGE_KEY);
} catch {
  // Storage can be unavailable (privacy modes); there is then nothing to remove.
}

i18n.on('languageChanged', showLanguage);

void i18n
  .use(languageChunks)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: 'en',
    fallbackLng: 'en',
    // Loaded with every language before the interface switches to it (`changeLanguage`).
    ns: ['translation', 'rules'],
    supportedLngs: [...INTERFACE_LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });

/**
 * Settles once the interface shows the language chosen on this device: at once for English,
 * after Arabic's text is fetched otherwise. The app renders after it (main.tsx).
 */
export const interfaceReady: Promise<void> = (async () => {
  const language = deviceLanguage();
  if (language !== i18n.language) await i18n.changeLanguage(language);
})().catch(() => undefined);

export default i18n;
