import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { admin, answer, json, mockServer, sentBody, signedIn, type Handler } from '@/test/server';
import type { ImportCheck, ImportState, ImportUpload } from './api/types';

const upload: ImportUpload = {
  id: 7,
  fileName: 'catalogue.csv',
  rowCount: 5,
  columns: ['Property number', 'Title (English)', 'Notes', 'Price'],
  suggestedMapping: ['propertyNumber', 'titleEn', null, 'price'],
  sampleRows: [
    ['P-1', 'Sea villa', 'call first', '120000'],
    ['P-2', 'Garden flat', '', 'abc'],
  ],
  fields: [
    { key: 'propertyNumber', label: 'Property number', required: false },
    { key: 'titleEn', label: 'Title (English)', required: true },
    { key: 'titleAr', label: 'Title (Arabic)', required: true },
    { key: 'price', label: 'Price', required: true },
  ],
};

const check: ImportCheck = {
  valid: 3,
  invalid: 2,
  willCreate: 3,
  willUpdate: 0,
  errors: [
    { row: 3, field: 'price', message: 'Price must be a number' },
    { row: 5, field: 'titleAr', message: 'Title (Arabic) is required' },
  ],
};

function importState(overrides: Partial<ImportState> = {}): ImportState {
  return {
    id: 7,
    fileName: 'catalogue.csv',
    status: 'uploaded',
    mode: 'create',
    rowCount: 5,
    total: 0,
    done: 0,
    created: 0,
    updated: 0,
    invalid: 0,
    createdAt: '2026-11-26T10:00:00Z',
    finishedAt: null,
    error: null,
    ...overrides,
  };
}

/** A server whose import 7 answers `states` in turn to its reads (the last one from then on). */
function importServer(states: ImportState[], extra: Record<string, Handler> = {}) {
  let read = 0;
  return mockServer({
    'GET /api/user': signedIn,
    'POST /api/imports/properties': answer(201, upload),
    'GET /api/imports/7': () => {
      const state = states[Math.min(read, states.length - 1)];
      read += 1;
      return json(200, state);
    },
    'PUT /api/imports/7': answer(200, check),
    'POST /api/imports/7/commit': answer(202, importState({ status: 'committing', total: 3 })),
    ...extra,
  });
}

function file(name = 'catalogue.csv') {
  return new File(['Property number,Title (English)\nP-1,Sea villa\n'], name, { type: 'text/csv' });
}

async function chooseFile() {
  const input = await screen.findByTestId('import-file');
  await userEvent.upload(input, file());
}

function fieldOf(column: string) {
  return screen.getByRole('combobox', { name: `Field for the column ${column}` });
}

describe('the import wizard', () => {
  it("is reached from the properties list's 'Import' button", async () => {
    mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': answer(200, []) });
    const { router } = renderApp('/properties');

    await userEvent.click(await screen.findByRole('link', { name: 'Import' }));

    expect(await screen.findByRole('heading', { name: 'Import listings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/properties/import');
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
    expect(screen.getByTestId('import-file')).toHaveAttribute('accept', '.xlsx,.xls,.ods,.csv');
  });

  it('sends the chosen file as the multipart field `file`, then matches its columns at the import’s address', async () => {
    const server = importServer([importState()]);
    const { router } = renderApp('/properties/import');

    await chooseFile();

    expect(await screen.findByRole('heading', { name: 'Match the columns' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/properties/import/7');
    const [, init] = server.calls('POST /api/imports/properties')[0] ?? [];
    expect(init?.body).toBeInstanceOf(FormData);
    expect(((init?.body as FormData).get('file') as File).name).toBe('catalogue.csv');

    expect(screen.getByText('catalogue.csv: 5 rows. Choose the field each column fills.')).toBeInTheDocument();
    expect(fieldOf('Property number')).toHaveValue('propertyNumber');
    expect(fieldOf('Title (English)')).toHaveValue('titleEn');
    expect(fieldOf('Notes')).toHaveValue('');
    expect(within(fieldOf('Notes')).getByRole('option', { name: 'Ignore this column' })).toBeInTheDocument();
    expect(within(fieldOf('Notes')).getByRole('option', { name: 'Title (Arabic) (required)' })).toBeInTheDocument();
    // The sample rows, under their columns.
    expect(screen.getByText('Sea villa')).toBeInTheDocument();
    expect(screen.getByText('call first')).toBeInTheDocument();
    expect(screen.getByText('Not matched to any column: Title (Arabic)')).toBeInTheDocument();
  });

  it("shows the server's reason when the file is refused", async () => {
    importServer([importState()], {
      'POST /api/imports/properties': answer(422, {
        message: 'Validation failed',
        errors: { file: 'This file is not a spreadsheet' },
      }),
    });
    renderApp('/properties/import');

    await chooseFile();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This file is not a spreadsheet');
    expect(alert).not.toHaveTextContent('Validation failed');
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
  });

  it('checks the rows with the columns, the mode and the catalogue option chosen, and shows the counts and the first errors', async () => {
    const server = importServer([importState()]);
    renderApp('/properties/import');
    await chooseFile();

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Field for the column Notes' }), 'titleAr');
    await userEvent.click(screen.getByRole('radio', { name: /Create or update/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Create missing categories and locations/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Check the rows' }));

    expect(await screen.findByRole('heading', { name: 'The check' })).toBeInTheDocument();
    expect(sentBody(server.calls('PUT /api/imports/7')[0]?.[1])).toEqual({
      mapping: ['propertyNumber', 'titleEn', 'titleAr', 'price'],
      mode: 'create-or-update',
      createMissingCatalog: true,
    });
    const count = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(count('Valid')).toHaveTextContent('3');
    expect(count('Invalid')).toHaveTextContent('2');
    expect(count('Will create')).toHaveTextContent('3');
    expect(count('Will update')).toHaveTextContent('0');
    const errors = screen.getByRole('table', { name: 'The first errors' });
    const rows = within(errors).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['3', 'Price', 'Price must be a number'],
      ['5', 'Title (Arabic)', 'Title (Arabic) is required'],
    ]);
    expect(screen.getByRole('button', { name: 'Download the rejected rows' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 3 listings' })).toBeEnabled();

    // A change after the check asks for another before importing.
    await userEvent.selectOptions(fieldOf('Notes'), '');
    expect(screen.queryByRole('button', { name: 'Import 3 listings' })).toBeNull();
    expect(screen.getByText('The columns changed since the check: check the rows again.')).toBeInTheDocument();
  });

  it("shows the server's reason when the mapping cannot be used", async () => {
    importServer([importState()], {
      'PUT /api/imports/7': answer(422, { message: 'Title (English) is matched to two columns', errors: {} }),
    });
    renderApp('/properties/import');
    await chooseFile();

    await userEvent.click(await screen.findByRole('button', { name: 'Check the rows' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Title (English) is matched to two columns');
  });

  it('downloads the rejected rows and the template under the names the server gives', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    const xlsx = (name: string): Handler => () =>
      new Response('PK', {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="${name}"`,
        },
      });
    const server = importServer([importState()], {
      'GET /api/imports/7/rejected': xlsx('rejected-rows.xlsx'),
      'GET /api/properties/export?format=xlsx&template=true': xlsx('properties-template.xlsx'),
    });
    renderApp('/properties/import');
    await chooseFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Check the rows' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Download the rejected rows' }));
    await waitFor(() => {
      expect(saved).toEqual(['rejected-rows.xlsx']);
    });
    const [templateButton] = screen.getAllByRole('button', { name: 'Download template' });
    await userEvent.click(templateButton as HTMLElement);
    await waitFor(() => {
      expect(saved).toEqual(['rejected-rows.xlsx', 'properties-template.xlsx']);
    });
    expect(server.calls('GET /api/properties/export?format=xlsx&template=true')).toHaveLength(1);
  });

  it('imports the valid rows, follows the progress and ends on the summary with the link to the new listings', async () => {
    const server = importServer([
      importState(),
      importState({ status: 'committing', total: 3, done: 1 }),
      importState({ status: 'committing', total: 3, done: 2 }),
      importState({ status: 'done', total: 3, done: 3, created: 3, invalid: 2, finishedAt: '2026-11-26T10:01:00Z' }),
    ]);
    renderApp('/properties/import');
    await chooseFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Check the rows' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Import 3 listings' }));

    const bar = await screen.findByRole('progressbar', { name: 'Importing catalogue.csv' });
    expect(server.calls('POST /api/imports/7/commit')).toHaveLength(1);
    await waitFor(() => {
      expect(bar).toHaveAttribute('aria-valuenow', '67');
    });
    expect(screen.getByText('2 of 3 rows written')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeInTheDocument();
    const count = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(count('Created')).toHaveTextContent('3');
    expect(count('Updated')).toHaveTextContent('0');
    expect(count('Skipped')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'View the imported listings' })).toHaveAttribute('href', '/properties?importId=7');
  });

  it('shows the progress again after a reload, from the import in the address', async () => {
    importServer([
      importState({ status: 'committing', total: 4, done: 1 }),
      importState({ status: 'done', total: 4, done: 4, created: 2, updated: 2 }),
    ]);
    renderApp('/properties/import/7');

    expect(await screen.findByRole('progressbar', { name: 'Importing catalogue.csv' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('1 of 4 rows written')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeInTheDocument();
  });

  it('offers to resume an import that stopped', async () => {
    const server = importServer([importState({ status: 'failed', total: 4, done: 2, error: 'The server stopped' })]);
    renderApp('/properties/import/7');

    expect(await screen.findByText('The server stopped')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resume the import' }));

    expect(server.calls('POST /api/imports/7/commit')).toHaveLength(1);
  });

  it('says so when the import is gone', async () => {
    importServer([], { 'GET /api/imports/7': answer(404, { message: 'Not found' }) });
    renderApp('/properties/import/7');

    expect(await screen.findByText('This import does not exist, or was removed after 7 days.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another file' })).toHaveAttribute('href', '/properties/import');
  });

  it('keeps the columns chosen through the sign-in of an expired session, and checks with them', async () => {
    let session: 'valid' | 'expired' = 'valid';
    const server = importServer([importState()], {
      'PUT /api/imports/7': () => (session === 'valid' ? json(200, check) : json(401, { message: 'Sign in to continue' })),
      'POST /api/login': () => {
        session = 'valid';
        return json(200, admin);
      },
    });
    renderApp('/properties/import');
    await chooseFile();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Field for the column Notes' }), 'titleAr');
    await userEvent.click(screen.getByRole('radio', { name: /Create or update/ }));
    session = 'expired';

    await userEvent.click(screen.getByRole('button', { name: 'Check the rows' }));
    const signIn = await screen.findByRole('dialog', { name: 'Your session has expired' });
    // Under the dialog (hidden from the accessibility tree while it is open), the choice stays.
    expect(screen.getByRole('combobox', { name: 'Field for the column Notes', hidden: true })).toHaveValue('titleAr');
    await userEvent.type(within(signIn).getByLabelText('Password'), 'secret');
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'The check' })).toBeInTheDocument();
    const puts = server.calls('PUT /api/imports/7');
    expect(puts).toHaveLength(2);
    expect(sentBody(puts[1]?.[1])).toMatchObject({ mapping: ['propertyNumber', 'titleEn', 'titleAr', 'price'], mode: 'create-or-update' });
    expect(fieldOf('Notes')).toHaveValue('titleAr');
  });

  it('keeps the columns chosen when the sign-in is given up', async () => {
    importServer([importState()], { 'PUT /api/imports/7': answer(401, { message: 'Sign in to continue' }) });
    renderApp('/properties/import');
    await chooseFile();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Field for the column Notes' }), 'titleAr');

    await userEvent.click(screen.getByRole('button', { name: 'Check the rows' }));
    await screen.findByRole('dialog', { name: 'Your session has expired' });
    await userEvent.keyboard('{Escape}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in to continue');
    expect(fieldOf('Notes')).toHaveValue('titleAr');
    expect(screen.getByRole('heading', { name: 'Match the columns' })).toBeInTheDocument();
  });

  it('asks before leaving with columns chosen, and stays when told to', async () => {
    importServer([importState()]);
    const { router } = renderApp('/properties/import');
    await chooseFile();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Field for the column Notes' }), 'titleAr');

    await userEvent.click(screen.getByRole('link', { name: 'Back to properties' }));

    const question = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/properties/import/7');
    expect(fieldOf('Notes')).toHaveValue('titleAr');
  });
});

describe('the properties list of one import', () => {
  it('asks the server for that import’s listings and takes the filter off with its chip', async () => {
    const server = mockServer({ 'GET /api/user': signedIn, 'GET /api/properties?*': answer(200, []) });
    const { router } = renderApp('/properties?importId=7');

    expect(await screen.findByText('Imported listings')).toBeInTheDocument();
    await waitFor(() => {
      expect(server.calls('GET /api/properties?page=1&pageSize=10&importId=7')).toHaveLength(1);
    });

    await userEvent.click(screen.getByRole('button', { name: 'Show every listing' }));

    expect(router.state.location.search).toBe('');
    await waitFor(() => {
      expect(server.calls('GET /api/properties?page=1&pageSize=10')).toHaveLength(1);
    });
    expect(screen.queryByText('Imported listings')).toBeNull();
  });
});
