import { describe, expect, it, vi } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import i18n, { LANGUAGE_STORAGE_KEY } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('text resources', () => {
  it('give Arabic every English key', () => {
    expect(keys(ar).sort()).toEqual(keys(en).sort());
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
