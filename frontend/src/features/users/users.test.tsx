import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@/generated/types';
import { renderApp } from '@/test/render';
import { json, mockServer, sentBody, signedIn } from '@/test/server';

const at = '2025-01-01T00:00:00Z';

function user(id: number, overrides: Partial<User> = {}): User {
  return {
    id,
    version: 1,
    username: `agent${String(id)}`,
    fullName: `Agent ${String(id)}`,
    email: null,
    role: 'user',
    isActive: true,
    receivesLeads: true,
    language: 'en',
    numerals: 'latin',
    licenseNumber: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const noor = user(2, { fullName: 'Noor Haddad', licenseNumber: '12345' });
const sami = user(3, { fullName: 'Sami Aziz' });

function rowOf(name: string) {
  return within(screen.getByRole('table', { name: 'User Management' })).getByText(name).closest('tr') as HTMLElement;
}

describe("users' licence numbers (issue 39)", () => {
  it('shows each user’s broker licence, a dash for none', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/users': () => json(200, [noor, sami]) });
    renderApp('/users');

    await screen.findByText('Noor Haddad');
    expect(screen.getByRole('columnheader', { name: 'Licence' })).toBeInTheDocument();
    expect(within(rowOf('Noor Haddad')).getByText('12345')).toHaveAttribute('dir', 'ltr');
    expect(within(rowOf('Sami Aziz')).getByText('—')).toBeInTheDocument();
  });

  it('creates a user with the licence number typed, none when left empty', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/users': () => json(200, [noor]),
      'POST /api/users': (init) => json(201, user(9, sentBody(init) as Partial<User>)),
    });
    renderApp('/users');
    await screen.findByText('Noor Haddad');

    const add = async (username: string, license: string) => {
      await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
      const dialog = screen.getByRole('dialog', { name: 'Add User' });
      await userEvent.type(within(dialog).getByLabelText('Username'), username);
      await userEvent.type(within(dialog).getByLabelText('Password'), 'Harbour-Lights-2026');
      await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'Harbour-Lights-2026');
      if (license !== '') await userEvent.type(within(dialog).getByLabelText('Licence number (BRN / FAL)'), license);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
      await screen.findByText('User created');
    };

    await add('rana', '1100223344');
    expect(sentBody(server.calls('POST /api/users')[0]?.[1])).toMatchObject({ username: 'rana', licenseNumber: '1100223344' });
    await add('omar', '');
    expect(sentBody(server.calls('POST /api/users')[1]?.[1])).toMatchObject({ username: 'omar', licenseNumber: null });
  });

  it('keeps the stored number on edit, and an emptied field clears it', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/users': () => json(200, [noor]),
      'PUT /api/users/2': (init) => json(200, { ...noor, ...(sentBody(init) as Partial<User>), version: 2 }),
    });
    renderApp('/users');
    await screen.findByText('Noor Haddad');

    await userEvent.click(within(rowOf('Noor Haddad')).getByRole('button', { name: 'Edit' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('Licence number (BRN / FAL)')).toHaveValue('12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update User' }));
    await screen.findByText('User updated');
    expect(sentBody(server.calls('PUT /api/users/2')[0]?.[1])).toMatchObject({ licenseNumber: '12345' });

    await userEvent.click(within(rowOf('Noor Haddad')).getByRole('button', { name: 'Edit' }));
    dialog = screen.getByRole('dialog', { name: 'Edit User' });
    await userEvent.clear(within(dialog).getByLabelText('Licence number (BRN / FAL)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update User' }));
    await screen.findAllByText('User updated');
    expect(sentBody(server.calls('PUT /api/users/2')[1]?.[1])).toMatchObject({ licenseNumber: '' });
  });
});

describe("users' phone numbers (issue 41)", () => {
  it('shows each user’s phone left to right', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/users': () => json(200, [{ ...noor, phone: '+971 50 123 4567' }, sami]) });
    renderApp('/users');

    await screen.findByText('Noor Haddad');
    expect(screen.getByRole('columnheader', { name: 'Phone' })).toBeInTheDocument();
    expect(within(rowOf('Noor Haddad')).getByText('+971 50 123 4567')).toHaveAttribute('dir', 'ltr');
  });

  it('sends the phone typed, as a telephone number written left to right', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/users': () => json(200, [noor]),
      'POST /api/users': (init) => json(201, user(9, sentBody(init) as Partial<User>)),
      'PUT /api/users/2': (init) => json(200, { ...noor, ...(sentBody(init) as Partial<User>), version: 2 }),
    });
    renderApp('/users');
    await screen.findByText('Noor Haddad');

    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    let dialog = screen.getByRole('dialog', { name: 'Add User' });
    const phone = within(dialog).getByLabelText('Phone');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).toHaveAttribute('dir', 'ltr');
    await userEvent.type(within(dialog).getByLabelText('Username'), 'rana');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Harbour-Lights-2026');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'Harbour-Lights-2026');
    await userEvent.type(phone, '+962 79 555 0101');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await screen.findByText('User created');
    expect(sentBody(server.calls('POST /api/users')[0]?.[1])).toMatchObject({ username: 'rana', phone: '+962 79 555 0101' });

    await userEvent.click(within(rowOf('Noor Haddad')).getByRole('button', { name: 'Edit' }));
    dialog = screen.getByRole('dialog', { name: 'Edit User' });
    await userEvent.type(within(dialog).getByLabelText('Phone'), '06 555 0101');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update User' }));
    await screen.findByText('User updated');
    expect(sentBody(server.calls('PUT /api/users/2')[0]?.[1])).toMatchObject({ phone: '06 555 0101' });
  });
});
