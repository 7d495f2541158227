import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompanySettings } from '@/generated/types';
import { renderApp } from '@/test/render';
import { json, mockServer, sentBody, signedIn } from '@/test/server';

const stored: CompanySettings = {
  version: 2,
  companyName: 'Aqar',
  licenseNumber: '1234567',
  licenseAuthority: 'DLD',
};

function licenceCard() {
  return screen.getByRole('heading', { name: 'Brokerage Licence' }).closest('.rounded-xl') as HTMLElement;
}

describe("the company's brokerage licence (issue 39)", () => {
  it('shows the stored licence and its authority, and saves the changes with the other settings', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/settings': () => json(200, stored),
      'POST /api/settings': (init) => json(200, { ...stored, ...(sentBody(init) as object), version: 3 }),
    });
    renderApp('/settings');

    await screen.findByRole('heading', { name: 'Brokerage Licence' });
    const card = licenceCard();
    const number = within(card).getByLabelText('Licence Number');
    const authority = within(card).getByLabelText('Issuing Authority');
    expect(number).toHaveValue('1234567');
    expect(number).toHaveAttribute('dir', 'ltr');
    expect(authority).toHaveValue('DLD');

    await userEvent.clear(number);
    await userEvent.type(number, '1100223344');
    await userEvent.selectOptions(authority, 'Real Estate General Authority (REGA)');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/settings')[0]?.[1])).toMatchObject({
      companyName: 'Aqar',
      licenseNumber: '1100223344',
      licenseAuthority: 'REGA',
    });
  });

  it("names another authority under 'Other', and sends none for an emptied licence", async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/settings': () => json(200, { ...stored, licenseAuthority: 'Sharjah RERA' }),
      'POST /api/settings': (init) => json(200, { ...stored, ...(sentBody(init) as object), version: 3 }),
    });
    renderApp('/settings');

    await screen.findByRole('heading', { name: 'Brokerage Licence' });
    const card = licenceCard();
    expect(within(card).getByLabelText('Issuing Authority')).toHaveValue('other');
    const name = within(card).getByLabelText('Authority name');
    expect(name).toHaveValue('Sharjah RERA');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ajman Land');
    await userEvent.clear(within(card).getByLabelText('Licence Number'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/settings')[0]?.[1])).toMatchObject({
      licenseNumber: null,
      licenseAuthority: 'Ajman Land',
    });
  });
});
