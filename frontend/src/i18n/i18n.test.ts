import { afterEach, describe, expect, it, vi } from 'vitest';
import accountAr from './account.ar.json';
import ar from './ar.json';
import en from './en.json';
import i18n, { LANGUAGE_STORAGE_KEY, setInterfaceLanguage } from './index';

// A plural's forms differ by language (Arabic has six, English two): the key is what is compared.
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(PLURAL_FORM, '')];
  const all = Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
  return [...new Set(all)];
}

describe('text resources', () => {
  it('give Arabic every English key', () => {
    expect(keys(ar).sort()).toEqual(keys(en).sort());
  });

  // Every screen's text, English and Arabic, found by its file name: a new screen is checked too.
  const screenTexts = import.meta.glob<{ default: unknown }>('./*.{en,ar}.json', { eager: true });
  const screens = Object.keys(screenTexts)
    .filter((path) => path.endsWith('.en.json'))
    .map((path) => [path.slice(2, -'.en.json'.length), screenTexts[path]?.default, screenTexts[path.replace('.en.json', '.ar.json')]?.default]);

  it('find the text of every screen', () => {
    expect(screens.map(([name]) => name)).toEqual(expect.arrayContaining(['properties', 'team', 'services', 'hero-images']));
  });

  it.each(screens)("give Arabic every English key of the screen text '%s'", (_namespace, english, arabic) => {
    expect(arabic).toBeDefined();
    expect(keys(arabic).sort()).toEqual(keys(english).sort());
  });

  it('fetch a screen’s text only with the screen', async () => {
    expect(i18n.hasResourceBundle('en', 'properties')).toBe(false);

    await i18n.loadNamespaces('properties');

    expect(i18n.getFixedT('en', 'properties')('title')).toBe('Properties');
  });

  it('start in English on a device where no language was chosen', () => {
    expect(i18n.language).toBe('en');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('fetch Arabic only when it is asked for', async () => {
    expect(i18n.hasResourceBundle('ar', 'translation')).toBe(false);

    await i18n.loadLanguages('ar');

    expect(i18n.getFixedT('ar')('dataTable.next')).toBe(ar.dataTable.next);
    expect(i18n.language).toBe('en');
  });

});

describe('the interface language', () => {
  afterEach(async () => {
    await setInterfaceLanguage('en');
    localStorage.clear();
  });

  it('switches the text, <html lang dir> and the device’s memory together', async () => {
    await setInterfaceLanguage('ar');

    expect(i18n.language).toBe('ar');
    expect(i18n.t('dataTable.next')).toBe(ar.dataTable.next);
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');

    await setInterfaceLanguage('en');

    expect(i18n.t('dataTable.next')).toBe('Next');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('starts in the language this device chose, its text fetched before the first paint', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    vi.resetModules();
    const fresh = await import('./index');
    await fresh.interfaceReady;

    expect(fresh.default.language).toBe('ar');
    expect(fresh.default.t('dataTable.previous')).toBe(ar.dataTable.previous);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('ignores a stored value that is no language of the interface, and the key of an earlier build', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    localStorage.setItem('i18nextLng', 'ar');
    vi.resetModules();
    const fresh = await import('./index');
    await fresh.interfaceReady;

    expect(fresh.default.language).toBe('en');
    expect(localStorage.getItem('i18nextLng')).toBeNull();
  });
});

// Arabic has six plural forms (CLDR): a missing one falls back to the English text, e.g. for
// a count of 8 ('few') when only '_one' and '_other' are given.
const ARABIC_PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];

function pluralKeys(value: unknown, prefix = ''): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  if (typeof value !== 'object' || value === null) return found;
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const form = PLURAL_FORM.exec(key);
    if (form !== null && typeof child === 'string') {
      const base = path.slice(0, -form[0].length);
      found.set(base, (found.get(base) ?? new Set()).add(form[1] ?? ''));
    }
    for (const [base, forms] of pluralKeys(child, path)) found.set(base, forms);
  }
  return found;
}

describe('Arabic plurals', () => {
  it.each([
    ['translation', ar],
    ['account', accountAr],
  ])("give every plural of '%s' all six Arabic forms", (_namespace, text) => {
    const plurals = pluralKeys(text);
    for (const [key, forms] of plurals) expect([key, [...forms].sort()]).toEqual([key, [...ARABIC_PLURAL_FORMS].sort()]);
  });

  it('choose the form by the count', async () => {
    await i18n.loadNamespaces('account');
    await i18n.loadLanguages('ar');
    const t = i18n.getFixedT('ar', 'account');

    expect(t('password.description', { count: 8 })).toBe(accountAr.password.description_few.replace('{{count}}', '8'));
    expect(t('password.description', { count: 12 })).toBe(accountAr.password.description_many.replace('{{count}}', '12'));
  });
});
