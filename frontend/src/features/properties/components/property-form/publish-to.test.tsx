import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PropertyInput } from '@/generated/types';
import { answer, mockServer, sentBody } from '@/test/server';
import { catalogHandlers, fillRequired, renderForm, storedProperty } from './test-support';

function publishTo() {
  return screen.getByRole('group', { name: 'Publish to' });
}

function checkedPortals(): string[] {
  return within(publishTo())
    .getAllByRole('checkbox')
    .filter((box) => box.getAttribute('aria-checked') === 'true')
    .map((box) => box.closest('label')?.textContent ?? '');
}

describe('where a listing is published', () => {
  it('starts a new listing from the company’s default portals', async () => {
    mockServer(catalogHandlers());
    renderForm();

    await screen.findByLabelText('Title (English)');
    expect(checkedPortals()).toEqual(['Website', 'Bayut']);
    expect(within(publishTo()).getAllByRole('checkbox')).toHaveLength(4);
    expect(screen.getByLabelText('Completion')).toHaveDisplayValue('Ready');
  });

  it('sends the portals chosen, in the rules’ order, and the completion status', async () => {
    const server = mockServer({ ...catalogHandlers(), 'POST /api/properties': answer(201, storedProperty({ id: 7 })) });
    const onSaved = vi.fn();
    renderForm({ onSaved });
    await screen.findByLabelText('Title (English)');
    await fillRequired();

    await userEvent.click(within(publishTo()).getByLabelText('dubizzle'));
    await userEvent.click(within(publishTo()).getByLabelText('Website'));
    await userEvent.click(within(publishTo()).getByLabelText('Property Finder'));
    await userEvent.selectOptions(screen.getByLabelText('Completion'), 'Off-plan');
    await userEvent.click(screen.getByRole('button', { name: 'Create Property' }));

    await waitFor(() => {
      expect(onSaved).toHaveBeenCalled();
    });
    expect(sentBody(server.calls('POST /api/properties')[0]?.[1])).toMatchObject({
      publishTo: ['propertyFinder', 'bayut', 'dubizzle'],
      completionStatus: 'offPlan',
    } satisfies Partial<PropertyInput>);
  });

  it('keeps an edited listing’s own portals, whatever the company’s default', async () => {
    const listing = storedProperty({ publishTo: ['dubizzle'], completionStatus: 'offPlan' });
    const server = mockServer({ ...catalogHandlers(), 'PUT /api/properties/5': answer(200, { ...listing, version: 4 }) });
    const onSaved = vi.fn();
    renderForm({ property: listing, onSaved });
    await screen.findByLabelText('Title (English)');

    expect(checkedPortals()).toEqual(['dubizzle']);
    expect(screen.getByLabelText('Completion')).toHaveDisplayValue('Off-plan');
    await userEvent.click(screen.getByRole('button', { name: 'Update Property' }));

    await waitFor(() => {
      expect(onSaved).toHaveBeenCalled();
    });
    expect(sentBody(server.calls('PUT /api/properties/5')[0]?.[1])).toMatchObject({
      publishTo: ['dubizzle'],
      completionStatus: 'offPlan',
    });
  });
});
