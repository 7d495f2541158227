import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Property, PropertyInput } from '@/generated/types';
import { answer, json, mockServer, sentBody } from '@/test/server';
import { recordFormValues } from './form-values';
import { validateProperty } from './property-rules';
import { catalogHandlers, renderForm, storedProperty } from './test-support';

/** A fake server for editing `property` (in Amman, where no permit is needed) that accepts the update. */
function editing(property: Property) {
  const server = mockServer({
    ...catalogHandlers(),
    'PUT /api/properties/5': (init) => json(200, { ...property, ...(sentBody(init) as object), version: property.version + 1 }),
    'POST /api/properties/5/features': answer(200, []),
  });
  renderForm({ property });
  return server;
}

function sent(server: ReturnType<typeof mockServer>, index = 0): PropertyInput {
  return sentBody(server.calls('PUT /api/properties/5')[index]?.[1]) as PropertyInput;
}

function statusOptions(): string[] {
  return within(screen.getByLabelText('Status'))
    .getAllByRole('option')
    .map((option) => (option as HTMLOptionElement).value);
}

/** What the rules say of the stored property with `changes`, field by field. */
function rulesMessages(property: Property, changes: Partial<PropertyInput>) {
  return validateProperty({ ...recordFormValues(property, []), ...changes }, null);
}

describe('the offering', () => {
  it('asks a rental for its rent period, names the price by it and sends both', async () => {
    const property = storedProperty();
    const server = editing(property);
    await screen.findByLabelText('Title (English)');
    expect(screen.getByLabelText('Offering')).toHaveDisplayValue('Sale');
    expect(screen.queryByLabelText('Rent period')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Offering'), 'Rent');
    expect(screen.getByLabelText('Rent period')).toHaveDisplayValue('Select rent period');
    await userEvent.click(screen.getByRole('button', { name: 'Update Property' }));

    const message = rulesMessages(property, { offeringType: 'rent' }).rentFrequency ?? 'missing';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Rent period')).toHaveFocus();
    expect(server.calls('PUT /api/properties/5')).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Rent period'), 'Monthly');
    expect(screen.getByLabelText('Price per month')).toHaveValue(1234567.89);
    await userEvent.click(screen.getByRole('button', { name: 'Update Property' }));

    await waitFor(() => {
      expect(server.calls('PUT /api/properties/5')).toHaveLength(1);
    });
    expect(sent(server)).toMatchObject({ offeringType: 'rent', rentFrequency: 'monthly', price: 1234567.89 });
  });

  it('sends no rent period for a sale, though the form keeps the one chosen', async () => {
    const server = editing(storedProperty({ offeringType: 'rent', rentFrequency: 'yearly' }));
    await screen.findByLabelText('Title (English)');
    expect(screen.getByLabelText('Rent period')).toHaveDisplayValue('Yearly');
    expect(screen.getByLabelText('Price per year')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Offering'), 'Sale');
    expect(screen.queryByLabelText('Rent period')).toBeNull();
    expect(screen.getByLabelText('Price')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Property' }));

    await waitFor(() => {
      expect(server.calls('PUT /api/properties/5')).toHaveLength(1);
    });
    expect(sent(server)).toMatchObject({ offeringType: 'sale', rentFrequency: null });
  });
});

describe('the status', () => {
  it('offers only the statuses that fit the offering', async () => {
    editing(storedProperty());
    await screen.findByLabelText('Title (English)');
    expect(statusOptions()).toEqual(['active', 'pending', 'sold', 'archived']);

    await userEvent.selectOptions(screen.getByLabelText('Offering'), 'Rent');

    expect(statusOptions()).toEqual(['active', 'pending', 'rented', 'archived']);
  });

  it('keeps a sold listing’s status when it is put up for rent, under the rules’ message, until another is chosen', async () => {
    const property = storedProperty({ status: 'sold' });
    const server = editing(property);
    await screen.findByLabelText('Title (English)');

    await userEvent.selectOptions(screen.getByLabelText('Offering'), 'Rent');

    const message = rulesMessages(property, { offeringType: 'rent', rentFrequency: 'monthly' }).status ?? 'missing';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('sold');
    expect(screen.getByLabelText('Status')).toHaveAttribute('aria-invalid', 'true');
    expect(statusOptions()).toEqual(['active', 'pending', 'sold', 'rented', 'archived']);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Rented');
    await userEvent.selectOptions(screen.getByLabelText('Rent period'), 'Monthly');
    await userEvent.click(screen.getByRole('button', { name: 'Update Property' }));

    await waitFor(() => {
      expect(server.calls('PUT /api/properties/5')).toHaveLength(1);
    });
    expect(screen.queryByText(message)).toBeNull();
    expect(sent(server)).toMatchObject({ offeringType: 'rent', rentFrequency: 'monthly', status: 'rented' });
  });
});
