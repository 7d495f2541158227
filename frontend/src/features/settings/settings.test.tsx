import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanySettings } from '@/generated/types';
import { setInterfaceLanguage } from '@/i18n';
import ar from '@/i18n/settings.ar.json';
import { localiseMessage } from '@/lib/rules';
import { renderApp } from '@/test/render';
import { json, mockServer, sentBody, signedIn } from '@/test/server';

const stored: CompanySettings = {
  version: 2,
  companyName: 'Aqar',
  licenseNumber: '1234567',
  licenseAuthority: 'DLD',
  defaultPublishTo: ['website'],
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

describe("the public website's colour (issue 40)", () => {
  const tooLight = "This colour is too light for white text on the website's buttons; choose a darker one";

  function settingsServer(settings: CompanySettings) {
    return mockServer({
      'GET /api/user': signedIn,
      'GET /api/settings': () => json(200, settings),
      'POST /api/settings': (init) => json(200, { ...settings, ...(sentBody(init) as object), version: 3 }),
    });
  }

  afterEach(async () => {
    await setInterfaceLanguage('en');
    localStorage.clear();
  });

  it('shows the saved colour in the code and the swatch', async () => {
    settingsServer({ ...stored, primaryColor: '#1d4ed8' });
    renderApp('/settings');

    const code = await screen.findByLabelText('Website colour');
    expect(code).toHaveValue('#1d4ed8');
    expect(code).toHaveAttribute('dir', 'ltr');
    expect(code).toHaveAccessibleDescription("Used for the public website's buttons and links");
    expect(screen.getByLabelText('Pick the website colour')).toHaveValue('#1d4ed8');
  });

  it('leaves the code empty while none is saved, the swatch on the default', async () => {
    settingsServer(stored);
    renderApp('/settings');

    expect(await screen.findByLabelText('Website colour')).toHaveValue('');
    expect(screen.getByLabelText('Pick the website colour')).toHaveValue('#0f5c4d');
  });

  it("refuses a colour too light for white text with the rules' message, and saves nothing", async () => {
    const server = settingsServer(stored);
    renderApp('/settings');

    const code = await screen.findByLabelText('Website colour');
    await userEvent.type(code, '#fafafa');
    expect(screen.getByLabelText('Pick the website colour')).toHaveValue('#fafafa');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText(tooLight)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(tooLight);
    expect(server.calls('POST /api/settings')).toHaveLength(0);
  });

  it('sends a typed colour, and one picked from the swatch, with the settings', async () => {
    const server = settingsServer(stored);
    renderApp('/settings');

    const code = await screen.findByLabelText('Website colour');
    await userEvent.type(code, '#1D4ED8');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/settings')[0]?.[1])).toMatchObject({ companyName: 'Aqar', primaryColor: '#1D4ED8' });

    fireEvent.change(screen.getByLabelText('Pick the website colour'), { target: { value: '#7c2d12' } });
    expect(code).toHaveValue('#7c2d12');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => {
      expect(server.calls('POST /api/settings')).toHaveLength(2);
    });
    expect(sentBody(server.calls('POST /api/settings')[1]?.[1])).toMatchObject({ primaryColor: '#7c2d12' });
  });

  it('sends none for an emptied colour, which the website reads as its default', async () => {
    const server = settingsServer({ ...stored, primaryColor: '#1d4ed8' });
    renderApp('/settings');

    await userEvent.clear(await screen.findByLabelText('Website colour'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/settings')[0]?.[1])).toMatchObject({ primaryColor: null });
  });

  it('keeps the code left to right on an Arabic screen, with the rules’ message in Arabic', async () => {
    const server = settingsServer(stored);
    await setInterfaceLanguage('ar');
    renderApp('/settings');

    const code = await screen.findByLabelText(ar.fields.primaryColor);
    expect(code).toHaveAttribute('dir', 'ltr');
    await userEvent.type(code, 'teal');
    await userEvent.click(screen.getByRole('button', { name: ar.save }));

    const invalid = localiseMessage('Enter a colour as # and six hexadecimal digits, such as #0f5c4d');
    expect(invalid).not.toBe('Enter a colour as # and six hexadecimal digits, such as #0f5c4d');
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    expect(server.calls('POST /api/settings')).toHaveLength(0);
  });
});
