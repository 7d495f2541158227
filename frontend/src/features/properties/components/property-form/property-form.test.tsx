import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setInterfaceLanguage } from '@/i18n';
import arForm from '@/i18n/property-form.ar.json';
import { constants, localiseMessage, validate } from '@/lib/rules';
import { answer, mockServer } from '@/test/server';
import { FIELD_ORDER, TAB_FIELDS, tabOf } from './form-values';
import { catalogHandlers, fillRequired, openTab, renderForm, storedProperty } from './test-support';

describe('the form’s fields', () => {
  it('cover every payload field once', () => {
    expect(new Set(FIELD_ORDER).size).toBe(FIELD_ORDER.length);
    expect([...FIELD_ORDER].sort()).toEqual(Object.keys(constants().newForms.property).sort());
  });

  it('place the failing fields the rules report for a new form on Basic Info and Details', () => {
    const failing = Object.keys(validate('property', constants().newForms.property));
    expect(failing.map(tabOf)).toEqual([...failing.slice(0, -1).map(() => 'basic'), 'details']);
    expect(TAB_FIELDS.financial).toEqual(['maintenanceFee', 'propertyTax']);
  });
});

describe('the property form', () => {
  it('starts a new property from the rules’ defaults, with Arabic fields right to left', async () => {
    mockServer(catalogHandlers());
    renderForm();

    expect(await screen.findByRole('tab', { name: 'Basic Info', selected: true })).toBeInTheDocument();
    for (const name of ['Details', 'Features', 'Media', 'Financial', 'Advertising']) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    const defaults = constants().newForms.property;
    expect(screen.getByLabelText('Currency')).toHaveValue(defaults.currency);
    expect(screen.getByLabelText('Status')).toHaveValue(defaults.status);
    expect(screen.getByLabelText('Display Type')).toHaveValue(defaults.displayType);
    await waitFor(() => {
      expect(screen.getByLabelText('Category')).toHaveDisplayValue('Residential / سكني');
    });
    expect(screen.getByLabelText('Property Type')).toHaveDisplayValue('Apartment / شقة');
    await waitFor(() => {
      expect(screen.getByLabelText('City')).toHaveDisplayValue('Amman / عمّان');
    });
    expect(screen.getByLabelText('Country')).toHaveDisplayValue('Jordan / الأردن');
    expect(screen.getByLabelText('Location (English)')).toHaveValue('Amman, Jordan');
    expect(screen.getByLabelText('Location (Arabic)')).toHaveValue('عمّان، الأردن');
    for (const label of ['Title (Arabic)', 'Description (Arabic)', 'Location (Arabic)']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('dir', 'rtl');
    }
    expect(screen.getByRole('button', { name: 'Create Property' })).toBeEnabled();
  });

  it('selects the tab holding the first failing field and focuses it', async () => {
    const server = mockServer(catalogHandlers());
    renderForm();
    await screen.findByLabelText('Title (English)');
    await openTab('Financial');

    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    const expected = validate('property', constants().newForms.property);
    expect(await screen.findByRole('tab', { name: 'Basic Info', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Title (English)')).toHaveFocus();
    expect(screen.getByText(expected.titleEn ?? 'missing')).toBeInTheDocument();
    expect(server.calls('POST /api/properties')).toHaveLength(0);
  });

  it('goes to the Details tab when only the building type is missing', async () => {
    mockServer(catalogHandlers());
    renderForm();
    await screen.findByLabelText('Title (English)');
    await fillRequired();
    await openTab('Details');
    await userEvent.selectOptions(screen.getByLabelText('Building Type'), '');
    await openTab('Media');

    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    expect(await screen.findByRole('tab', { name: 'Details', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Building Type')).toHaveFocus();
    expect(screen.getByLabelText('Building Type')).toHaveAttribute('aria-invalid', 'true');
  });
});

/** The score the quality panel's heading shows. */
function shownScore(): number {
  const heading = screen.getByRole('heading', { name: /^Listing quality: \d+\/100$/ });
  return Number(/(\d+)\/100/.exec(heading.textContent)?.[1]);
}

describe('the listing’s quality beside the form', () => {
  it('shows the rules’ score and fixes, and scores the title once it is typed', async () => {
    mockServer(catalogHandlers());
    renderForm();
    await screen.findByLabelText('Title (English)');
    const panel = screen.getByRole('region', { name: /^Listing quality/ });
    // Once the places' names arrive, the location lines they compose count too.
    await waitFor(() => {
      expect(within(panel).queryByText('Enter the location in English')).toBeNull();
    });
    // The rules' fix for a short English title, with the points it brings.
    const titleFix = within(panel).getByText('Make the English title 30 to 70 characters long').closest('li') as HTMLElement;
    const points = Number(/\d+/.exec(titleFix.textContent.replace('Make the English title 30 to 70 characters long', ''))?.[0]);
    expect(points).toBeGreaterThan(0);
    const before = shownScore();

    await userEvent.type(screen.getByLabelText('Title (English)'), 'Bright garden flat near the park');

    await waitFor(() => {
      expect(shownScore()).toBe(before + points);
    });
    expect(within(panel).queryByText('Make the English title 30 to 70 characters long')).toBeNull();
    expect(within(panel).getByText("Mark the listing's location on the map")).toBeInTheDocument();
  });
});

describe('the listing’s quality in Arabic', () => {
  afterEach(async () => {
    await setInterfaceLanguage('en');
    localStorage.clear();
  });

  it('words the rules’ fixes in Arabic, and the Advertising tab is named الإعلان', async () => {
    mockServer(catalogHandlers());
    await setInterfaceLanguage('ar');
    renderForm();
    await screen.findByRole('tab', { name: arForm.tabs.advertising });

    const pin = localiseMessage("Mark the listing's location on the map");
    expect(pin).not.toBe("Mark the listing's location on the map");
    const panel = screen.getByRole('region', { name: /^جودة الإعلان/ });
    expect(within(panel).getByText(pin)).toBeInTheDocument();
    expect(screen.getByLabelText(arForm.fields.offeringType)).toHaveDisplayValue('بيع');
  });
});

describe('the price history', () => {
  it('shows a stored listing’s prices in the Financial tab', async () => {
    mockServer({
      ...catalogHandlers(),
      'GET /api/properties/5/price-history': answer(200, [
        { at: '2025-01-01T00:00:00Z', price: 1300000, currency: 'USD', rentFrequency: null },
        { at: '2025-06-01T00:00:00Z', price: 1234567.89, currency: 'USD', rentFrequency: null },
      ]),
    });
    renderForm({ property: storedProperty() });
    await screen.findByLabelText('Title (English)');

    await openTab('Financial');

    expect(await screen.findByRole('table', { name: 'Prices, oldest first' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Prices, oldest first' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('1,300,000');
    expect(rows[2]).toHaveTextContent('1,234,567.89');
  });

  it('is not asked for while a new listing is added', async () => {
    const server = mockServer(catalogHandlers());
    renderForm();
    await screen.findByLabelText('Title (English)');
    await openTab('Financial');

    expect(screen.queryByRole('heading', { name: 'Price history' })).toBeNull();
    expect(server.fetch.mock.calls.some(([path]) => typeof path === 'string' && path.includes('price-history'))).toBe(false);
  });
});
