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

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: (typeof resources)['en'];
  }
}

const otherLanguages: Record<string, () => Promise<{ default: ResourceKey }>> = {
  ar: () => import('./ar.json'),
};

/** Reads a language that is not bundled from its own chunk. */
const languageChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    const load = otherLanguages[language];
    if (load === undefined) {
      callback(new Error(`no text resource for '${language}'`), false);
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
