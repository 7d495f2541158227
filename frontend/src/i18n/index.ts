// The interface is English only (core-panel §1): the Arabic resource ships but is never
// selected, and a language preference stored by an earlier build is removed at start.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from './ar.json';
import en from './en.json';

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export const resources = {
  en: { translation: en },
  ar: { translation: ar },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: (typeof resources)['en'];
  }
}

try {
  window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
} catch {
  // Storage can be unavailable (privacy modes); there is then nothing to remove.
}

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'ar'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default i18n;
