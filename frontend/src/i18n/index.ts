// The interface is English only (core-panel §1): the Arabic resource ships but is never
// selected, and a language preference stored by an earlier build is removed at start.
// English is bundled; other languages are fetched only if chosen, so the first screen does
// not download text it never shows.
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export const resources = {
  en: { translation: en },
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
} satisfies Record<'translation' | keyof ScreenText, Record<string, TextChunk>>;

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

try {
  window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
} catch {
  // Storage can be unavailable (privacy modes); there is then nothing to remove.
}

void i18n
  .use(languageChunks)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'ar'],
    interpolation: { escapeValue: false },
    initAsync: false,
  });

export default i18n;
