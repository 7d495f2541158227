import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { constants, validate } from '@/lib/rules';
import { mockServer } from '@/test/server';
import { FIELD_ORDER, TAB_FIELDS, tabOf } from './form-values';
import { catalogHandlers, fillRequired, openTab, renderForm } from './test-support';

describe('the form’s fields', () => {
  it('cover every payload field once, tab by tab in the rules’ order', () => {
    expect(FIELD_ORDER).toEqual(Object.keys(constants().newForms.property));
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
    for (const name of ['Details', 'Features', 'Media', 'Financial']) {
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
