// Edit conflicts as the shared save piece settles them, seen through the category dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { json, mockServer, sentBody, signedIn } from '@/test/server';

const residential = {
  id: 1,
  version: 1,
  nameEn: 'Residential',
  nameAr: 'سكني',
  descriptionEn: 'Homes for families',
  descriptionAr: null,
  imageUrl: null,
  createdAt: '2025-01-01T00:00:00Z',
};

/** Someone else renamed it in Arabic and rewrote the description meanwhile: version 2. */
const changedMeanwhile = { ...residential, version: 2, nameAr: 'سكنية', descriptionEn: 'Apartments and villas' };

function ifMatch(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.['If-Match'];
}

/** A server holding the category; `saveElsewhere` is someone else saving it meanwhile. */
function categoryServer() {
  let stored: typeof residential = residential;
  const server = mockServer({
    'GET /api/user': signedIn,
    'GET /api/categories': () => json(200, [stored]),
    'PUT /api/categories/1': (init) => {
      if (ifMatch(init) !== `"${stored.version}"`) return json(412, { message: 'Changed meanwhile', current: stored });
      stored = { ...stored, ...(sentBody(init) as object), version: stored.version + 1 };
      return json(200, stored);
    },
    'DELETE /api/categories/1': (init) =>
      ifMatch(init) === `"${stored.version}"`
        ? new Response(null, { status: 204 })
        : json(412, { message: 'Changed meanwhile', current: stored }),
  });
  return {
    server,
    puts: () => server.calls('PUT /api/categories/1').map(([, init]) => init),
    saveElsewhere: (record: typeof residential) => {
      stored = record;
    },
  };
}

/** Opens the dialog on version 1, someone else saves version 2, then this person saves a new English name. */
async function editStale() {
  const { puts, saveElsewhere } = categoryServer();
  const view = renderApp('/categories');
  await userEvent.click(await within(await screen.findByRole('table')).findByRole('button', { name: 'Edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Category' });
  saveElsewhere(changedMeanwhile);
  await userEvent.clear(within(dialog).getByLabelText('Name (English)'));
  await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Homes');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  const alert = await within(dialog).findByRole('alert');
  return { ...view, dialog, alert, puts, saveElsewhere };
}

describe('saving a record someone else changed meanwhile', () => {
  it('says so, offers Reload and Overwrite, and holds Save', async () => {
    const { dialog, alert, puts } = await editStale();

    expect(within(alert).getByText('Changed by someone else')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Overwrite' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(ifMatch(puts()[0])).toBe('"1"');
    expect(screen.queryByText('Category updated successfully')).toBeNull();
  });

  it('Overwrite saves the form as typed with the current version', async () => {
    const { dialog, alert, puts } = await editStale();

    await userEvent.click(within(alert).getByRole('button', { name: 'Overwrite' }));

    expect(await screen.findByText('Category updated successfully')).toBeInTheDocument();
    expect(ifMatch(puts()[1])).toBe('"2"');
    expect(sentBody(puts()[1])).toEqual({
      nameEn: 'Homes',
      nameAr: 'سكني',
      descriptionEn: 'Homes for families',
      descriptionAr: null,
      imageUrl: null,
    });
    expect(dialog).not.toBeInTheDocument();
  });

  it("Reload takes the other person's changes and keeps this person's other edits", async () => {
    const { dialog, alert, puts } = await editStale();

    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));

    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByLabelText('Name (English)')).toHaveValue('Homes');
    expect(within(dialog).getByLabelText('Name (Arabic)')).toHaveValue('سكنية');
    expect(within(dialog).getByLabelText('Description (English)')).toHaveValue('Apartments and villas');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Category updated successfully')).toBeInTheDocument();
    expect(ifMatch(puts()[1])).toBe('"2"');
    expect(sentBody(puts()[1])).toMatchObject({ nameEn: 'Homes', nameAr: 'سكنية', descriptionEn: 'Apartments and villas' });
  });

  it("Reload lets the other person's value win a field both changed", async () => {
    const { dialog, alert, saveElsewhere } = await editStale();
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await userEvent.clear(within(dialog).getByLabelText('Description (English)'));
    await userEvent.type(within(dialog).getByLabelText('Description (English)'), 'Mine');
    saveElsewhere({ ...changedMeanwhile, version: 3, descriptionEn: 'Theirs' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Reload' }));

    expect(within(dialog).getByLabelText('Description (English)')).toHaveValue('Theirs');
    expect(within(dialog).getByLabelText('Name (English)')).toHaveValue('Homes');
  });

  it('leaves the form clean when Reload takes every edit back', async () => {
    const { dialog, alert } = await editStale();
    await userEvent.clear(within(dialog).getByLabelText('Name (English)'));
    await userEvent.type(within(dialog).getByLabelText('Name (English)'), 'Residential');

    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(dialog).not.toBeInTheDocument();
  });

  it('reads the list again so the table shows the current record', async () => {
    await editStale();

    await waitFor(() => {
      expect(within(screen.getByRole('table', { hidden: true })).getByText('سكنية')).toBeInTheDocument();
    });
  });
});

describe('deleting a record someone else changed meanwhile', () => {
  it('says it was not deleted and shows the list as it is now', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { server, saveElsewhere } = categoryServer();
    renderApp('/categories');
    const table = await screen.findByRole('table');
    saveElsewhere(changedMeanwhile);

    await userEvent.click(await within(table).findByRole('button', { name: 'Delete' }));

    const toast = (await screen.findByText('Failed to delete category')).closest('li');
    expect(
      within(toast as HTMLElement).getByText(
        'Someone else changed it after the list was loaded. The list now shows it as it is; delete it again if you still want to.',
      ),
    ).toBeInTheDocument();
    expect(await within(table).findByText('سكنية')).toBeInTheDocument();
    expect(ifMatch(server.calls('DELETE /api/categories/1')[0]?.[1])).toBe('"1"');
  });
});
