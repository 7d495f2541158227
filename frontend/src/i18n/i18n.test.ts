import { describe, expect, it, vi } from 'vitest';
import addPropertyAr from './add-property.ar.json';
import dashboardAr from './dashboard.ar.json';
import dashboardEn from './dashboard.en.json';
import aboutManagementAr from './about-management.ar.json';
import aboutManagementEn from './about-management.en.json';
import companyValuesAr from './company-values.ar.json';
import companyValuesEn from './company-values.en.json';
import historyAr from './history.ar.json';
import historyEn from './history.en.json';
import addPropertyEn from './add-property.en.json';
import ar from './ar.json';
import en from './en.json';
import propertiesAr from './properties.ar.json';
import propertiesEn from './properties.en.json';
import propertyFormAr from './property-form.ar.json';
import propertyFormEn from './property-form.en.json';
import i18n, { LANGUAGE_STORAGE_KEY } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('text resources', () => {
  it('give Arabic every English key', () => {
    expect(keys(ar).sort()).toEqual(keys(en).sort());
  });

  it.each([
    ['propertyForm', propertyFormEn, propertyFormAr],
    ['properties', propertiesEn, propertiesAr],
    ['addProperty', addPropertyEn, addPropertyAr],
    ['dashboard', dashboardEn, dashboardAr],
    ['history', historyEn, historyAr],
    ['companyValues', companyValuesEn, companyValuesAr],
    ['aboutManagement', aboutManagementEn, aboutManagementAr],
  ])("give Arabic every English key of the screen text '%s'", (_namespace, english, arabic) => {
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
