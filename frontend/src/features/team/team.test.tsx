import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { validate } from '@/lib/rules';
import { renderApp } from '@/test/render';
import { answer, json, mockServer, sentBody, signedIn } from '@/test/server';
import type { TeamMember } from './api/team-members';

function member(id: number, overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id,
    version: 1,
    nameEn: `Member ${String(id)}`,
    nameAr: `عضو ${String(id)}`,
    positionEn: 'Agent',
    positionAr: 'وكيل',
    descriptionEn: 'Helps buyers.',
    descriptionAr: 'يساعد المشترين.',
    imageUrl: null,
    experience: 0,
    email: null,
    phone: null,
    whatsapp: null,
    linkedin: null,
    twitter: null,
    displayOrder: id - 1,
    isActive: true,
    specializations: [],
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

const jane = member(1, {
  nameEn: 'Jane Haddad',
  nameAr: 'جين حداد',
  positionEn: 'Sales Director',
  descriptionEn: 'Leads the sales team.',
  imageUrl: '/media/jane.png',
  experience: 12,
  specializations: ['Villas', 'Apartments', 'Land', 'Offices', 'Investments'],
});
const omar = member(2, { nameEn: 'Omar Saleh', nameAr: 'عمر صالح', isActive: false, specializations: ['Rentals'] });

const PATH = '/team';

function grid() {
  return screen.getByRole('list', { name: 'Team members' });
}

function card(name: string): HTMLElement {
  const heading = within(grid()).getByRole('heading', { name });
  return heading.closest('li[data-reorder-key]') as HTMLElement;
}

function dialog(name: string) {
  return screen.getByRole('dialog', { name });
}

async function openAdd() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Team Member' }));
  return dialog('Add Team Member');
}

describe('team management screen', () => {
  it("shows each member's photo, name, position, description, three specializations and '+N more', experience and status", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/team-members': answer(200, [jane, omar]) });
    renderApp(PATH);

    await screen.findByRole('heading', { name: 'Jane Haddad' });
    const first = card('Jane Haddad');
    expect(within(first).getByRole('img', { name: 'Jane Haddad' })).toHaveAttribute('src', '/media/jane.png?w=320');
    expect(within(first).getByText('Sales Director')).toBeInTheDocument();
    expect(within(first).getByText('Leads the sales team.')).toBeInTheDocument();
    expect(within(first).getByText('جين حداد')).toHaveAttribute('dir', 'rtl');
    const specializations = within(first).getByRole('list', { name: 'Specializations' });
    expect(within(specializations).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Villas',
      'Apartments',
      'Land',
      '+2 more',
    ]);
    expect(within(first).getByText('12 years experience')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();

    const second = card('Omar Saleh');
    expect(within(second).getByText('N/A')).toBeInTheDocument();
    expect(within(second).getByText('Inactive')).toBeInTheDocument();
    expect(within(second).getByText('Rentals')).toBeInTheDocument();
    expect(within(second).queryByText(/more$/)).toBeNull();
    expect(within(second).queryByRole('img')).toBeNull();
  });

  it("shows 'No team members yet' with a button that adds the first one", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/team-members': answer(200, []) });
    renderApp('/admin/team');

    expect(await screen.findByRole('heading', { name: 'No team members yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add First Member' }));
    expect(dialog('Add Team Member')).toBeInTheDocument();
  });

  it('offers a new member the place after the last one', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/team-members': answer(200, [jane, omar]) });
    renderApp(PATH);

    const form = await openAdd();

    expect(within(form).getByLabelText('Display Order')).toHaveValue(omar.displayOrder + 1);
  });

  it('shows why the list could not be read', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/team-members': answer(500, { message: 'Database unavailable' }) });
    renderApp(PATH);

    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });

  it('copies each English field into its Arabic one until the Arabic one is edited', async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/team-members': answer(200, []) });
    renderApp(PATH);
    const form = await openAdd();
    const nameEn = within(form).getByLabelText('Name (English)');
    const nameAr = within(form).getByLabelText('Name (Arabic)');

    await userEvent.type(nameEn, 'Jane');
    expect(nameAr).toHaveValue('Jane');
    await userEvent.type(within(form).getByLabelText('Position (English)'), 'Agent');
    expect(within(form).getByLabelText('Position (Arabic)')).toHaveValue('Agent');
    await userEvent.type(within(form).getByLabelText('Description (English)'), 'Sells homes.');
    expect(within(form).getByLabelText('Description (Arabic)')).toHaveValue('Sells homes.');

    await userEvent.clear(nameAr);
    await userEvent.type(nameAr, 'جين');
    await userEvent.type(nameEn, ' Haddad');
    expect(nameEn).toHaveValue('Jane Haddad');
    expect(nameAr).toHaveValue('جين');
    await userEvent.type(within(form).getByLabelText('Position (English)'), ' Lead');
    expect(within(form).getByLabelText('Position (Arabic)')).toHaveValue('Agent Lead');

    for (const label of ['Name (Arabic)', 'Position (Arabic)', 'Description (Arabic)']) {
      expect(within(form).getByLabelText(label)).toHaveAttribute('dir', 'rtl');
      expect(within(form).getByLabelText(label)).toHaveAttribute('lang', 'ar');
    }
  });

  it("keeps an existing member's translation when the English is edited", async () => {
    const untranslated = member(3, { nameEn: 'Sara', nameAr: 'Sara' });
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/team-members': answer(200, [jane, untranslated]),
      'GET /api/history?*': answer(200, []),
    });
    renderApp(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Jane Haddad' }));
    const form = dialog('Edit Team Member');
    await userEvent.type(within(form).getByLabelText('Name (English)'), ' Jr');
    expect(within(form).getByLabelText('Name (Arabic)')).toHaveValue('جين حداد');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));

    await userEvent.click(screen.getByRole('button', { name: 'Edit Sara' }));
    const other = dialog('Edit Team Member');
    await userEvent.type(within(other).getByLabelText('Name (English)'), 'h');
    expect(within(other).getByLabelText('Name (Arabic)')).toHaveValue('Sarah');
  });

  it("shows the rules' messages and sends nothing while required fields are empty", async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/team-members': answer(200, []) });
    renderApp(PATH);
    const form = await openAdd();

    await userEvent.clear(within(form).getByLabelText('Experience (years)'));
    await userEvent.type(within(form).getByLabelText('Experience (years)'), '-3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const expected = validate('teamMember', { experience: -3 });
    expect(await within(form).findByText(expected.nameEn ?? '')).toBeInTheDocument();
    expect(within(form).getByLabelText('Position (Arabic)')).toHaveAccessibleDescription(expected.positionAr ?? '');
    expect(within(form).getByText(expected.experience ?? '')).toBeInTheDocument();
    expect(server.calls('POST /api/team-members')).toHaveLength(0);
  });

  it("creates a member with an uploaded photo and specializations, toasting 'Team member created successfully'", async () => {
    let stored: TeamMember[] = [];
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/team-members': () => json(200, stored),
      'POST /api/team-members': (init) => {
        stored = [{ ...member(7), ...(sentBody(init) as object), imageUrl: '/media/new.png' }];
        return json(201, stored[0]);
      },
    });
    renderApp(PATH);
    const form = await openAdd();

    expect(within(form).getByText('JPG, PNG or GIF, max 5MB')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Active/)).toBeChecked();
    await userEvent.type(within(form).getByLabelText('Name (English)'), 'Lina');
    await userEvent.type(within(form).getByLabelText('Position (English)'), 'Broker');
    await userEvent.type(within(form).getByLabelText('Description (English)'), 'Knows Amman.');
    await userEvent.clear(within(form).getByLabelText('Experience (years)'));
    await userEvent.type(within(form).getByLabelText('Experience (years)'), '4');
    await userEvent.type(within(form).getByLabelText('Email'), 'lina@example.com');
    await userEvent.upload(
      within(form).getByLabelText(/Upload a photo/),
      new File([new Uint8Array([137, 80, 78, 71])], 'lina.png', { type: 'image/png' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Add specialization' }));
    await userEvent.type(within(form).getByLabelText('Specialization 1'), 'Villas{Enter}');
    expect(within(form).getByLabelText('Specialization 2')).toHaveFocus();
    await userEvent.type(within(form).getByLabelText('Specialization 2'), 'Offices{Enter}  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Team member created successfully')).toBeInTheDocument();
    expect(sentBody(server.calls('POST /api/team-members')[0]?.[1])).toEqual({
      nameEn: 'Lina',
      nameAr: 'Lina',
      positionEn: 'Broker',
      positionAr: 'Broker',
      descriptionEn: 'Knows Amman.',
      descriptionAr: 'Knows Amman.',
      imageUrl: 'data:image/png;base64,iVBORw==',
      experience: 4,
      email: 'lina@example.com',
      phone: null,
      whatsapp: null,
      linkedin: null,
      twitter: null,
      displayOrder: 0,
      isActive: true,
      specializations: ['Villas', 'Offices'],
    });
    expect(await within(grid()).findByRole('heading', { name: 'Lina' })).toBeInTheDocument();
  });

  it('removes a specialization with its button, the focus staying in the list', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/team-members': answer(200, [omar]),
      'GET /api/history?*': answer(200, []),
    });
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Omar Saleh' }));
    const form = dialog('Edit Team Member');

    expect(within(form).getByLabelText('Specialization 1')).toHaveValue('Rentals');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove specialization 1' }));
    expect(within(form).queryByLabelText('Specialization 1')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Add specialization' })).toHaveFocus();
  });

  it("edits with If-Match, shows the history and toasts 'Failed to update team member' with the server's reason", async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/team-members': answer(200, [jane]),
      'GET /api/history?*': answer(200, []),
      'PUT /api/team-members/1': answer(500, { message: 'Database unavailable' }),
    });
    renderApp(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Jane Haddad' }));
    const form = dialog('Edit Team Member');
    expect(within(form).getByRole('button', { name: /history/i })).toBeInTheDocument();
    expect(within(form).getByRole('img', { name: 'Jane Haddad' })).toHaveAttribute('src', '/media/jane.png?w=320');
    expect(within(form).getByLabelText('Or a photo URL')).toHaveValue('');
    await userEvent.click(within(form).getByLabelText(/^Active/));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const toast = (await screen.findByText('Failed to update team member')).closest('li');
    expect(within(toast as HTMLElement).getByText('Database unavailable')).toBeInTheDocument();
    const [, init] = server.calls('PUT /api/team-members/1')[0] ?? [];
    expect(new Headers(init?.headers).get('If-Match')).toBe('"1"');
    expect(sentBody(init)).toMatchObject({ isActive: false, imageUrl: '/media/jane.png', experience: 12 });
    expect(dialog('Edit Team Member')).toBeInTheDocument();
  });

  it("toasts 'Failed to create team member' with the server's reason", async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/team-members': answer(200, []),
      'POST /api/team-members': answer(500, { message: 'Disk full' }),
    });
    renderApp(PATH);
    const form = await openAdd();
    await userEvent.type(within(form).getByLabelText('Name (English)'), 'Lina');
    await userEvent.type(within(form).getByLabelText('Position (English)'), 'Broker');
    await userEvent.type(within(form).getByLabelText('Description (English)'), 'Knows Amman.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const toast = (await screen.findByText('Failed to create team member')).closest('li');
    expect(within(toast as HTMLElement).getByText('Disk full')).toBeInTheDocument();
  });

  it('asks before deleting, naming the member, and deletes with If-Match', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/team-members': answer(200, [jane, omar]),
      'DELETE /api/team-members/2': answer(204),
    });
    renderApp(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Omar Saleh' }));
    const question = screen.getByRole('alertdialog');
    expect(
      within(question).getByText('Are you sure you want to delete Omar Saleh? This action cannot be undone.'),
    ).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('DELETE /api/team-members/2')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Omar Saleh' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Team member deleted successfully')).toBeInTheDocument();
    const [, init] = server.calls('DELETE /api/team-members/2')[0] ?? [];
    expect(new Headers(init?.headers).get('If-Match')).toBe('"1"');
  });

  it("toasts 'Failed to delete team member' with the server's reason", async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/team-members': answer(200, [jane]),
      'DELETE /api/team-members/1': answer(500, { message: 'Database unavailable' }),
    });
    renderApp(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Jane Haddad' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    const toast = (await screen.findByText('Failed to delete team member')).closest('li');
    expect(within(toast as HTMLElement).getByText('Database unavailable')).toBeInTheDocument();
  });

  it('moves a member by its button: the order call sends the ids in the new order and the focus follows', async () => {
    let stored = [jane, omar];
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/team-members': () => json(200, stored),
      'PUT /api/team-members/order': () => {
        stored = [
          { ...omar, displayOrder: 0, version: 2 },
          { ...jane, displayOrder: 1, version: 2 },
        ];
        return json(200, stored);
      },
    });
    renderApp(PATH);

    expect(await screen.findByRole('button', { name: 'Move Jane Haddad earlier' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move Omar Saleh earlier' }));

    await waitFor(() => {
      expect(within(grid()).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Omar Saleh', 'Jane Haddad']);
    });
    expect(sentBody(server.calls('PUT /api/team-members/order')[0]?.[1])).toEqual({ ids: [2, 1] });
    expect(screen.getByRole('button', { name: 'Move Omar Saleh later' })).toHaveFocus();
  });

  it('moves a member dropped on another card to that place', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/team-members': answer(200, [jane, omar, member(3, { nameEn: 'Sara' })]),
      'PUT /api/team-members/order': answer(200, []),
    });
    renderApp(PATH);
    await screen.findByRole('heading', { name: 'Sara' });
    const dataTransfer = { setData: () => undefined, getData: () => '', effectAllowed: '', dropEffect: '' };

    fireEvent.dragStart(card('Sara'), { dataTransfer });
    fireEvent.dragOver(card('Jane Haddad'), { dataTransfer });
    fireEvent.drop(card('Jane Haddad'), { dataTransfer });

    await waitFor(() => {
      expect(server.calls('PUT /api/team-members/order')).toHaveLength(1);
    });
    expect(sentBody(server.calls('PUT /api/team-members/order')[0]?.[1])).toEqual({ ids: [3, 1, 2] });
  });

  it('puts the order back and says so when the server refuses it', async () => {
    mockServer({
      'GET /api/user': signedIn,
      'GET /api/team-members': answer(200, [jane, omar]),
      'PUT /api/team-members/order': answer(500, { message: 'Database unavailable' }),
    });
    renderApp(PATH);

    await userEvent.click(await screen.findByRole('button', { name: 'Move Jane Haddad later' }));

    const toast = (await screen.findByText('Failed to reorder team members')).closest('li');
    expect(within(toast as HTMLElement).getByText('Database unavailable')).toBeInTheDocument();
    expect(within(grid()).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Jane Haddad', 'Omar Saleh']);
  });
});
