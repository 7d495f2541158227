import { describe, expect, it, vi } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import i18n, { LANGUAGE_STORAGE_KEY } from './index';

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

  it('select English, never Arabic', () => {
    expect(i18n.language).toBe('en');
  });

  it('fetch Arabic only when it is asked for', async () => {
    expect(i18n.hasResourceBundle('ar', 'translation')).toBe(false);

    await i18n.loadLanguages('ar');

    expect(i18n.getFixedT('ar')('dataTable.next')).toBe(ar.dataTable.next);
    expect(i18n.language).toBe('en');
  });

  it('remove a stored language preference at start', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    vi.resetModules();
    await import('./index');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });
});
