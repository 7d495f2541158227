import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Category, HistoryEntry, VersionRestore } from '@/generated/types';
import ar from '@/i18n/history.ar.json';
import { renderApp } from '@/test/render';
import { admin, answer, json, mockServer, signedIn } from '@/test/server';

const villas: Category = {
  id: 4,
  version: 2,
  nameEn: 'Villas & Chalets',
  nameAr: 'فلل وشاليهات',
  descriptionEn: null,
  descriptionAr: null,
  imageUrl: '/media/new.png',
  createdAt: '2025-01-01T00:00:00Z',
};

const entries: HistoryEntry[] = [
  {
    id: 2,
    at: '2025-01-02T10:00:00Z',
    userId: 1,
    username: 'sara',
    entity: 'category',
    recordId: 4,
    action: 'update',
    label: 'Villas & Chalets',
    changes: [
      { field: 'nameEn', old: 'Villas', new: 'Villas & Chalets' },
      { field: 'nameAr', old: 'فلل', new: 'فلل وشاليهات' },
    ],
  },
  {
    id: 1,
    at: '2025-01-01T00:00:00Z',
    userId: 1,
    username: 'admin',
    entity: 'category',
    recordId: 4,
    action: 'create',
    label: 'Villas',
    changes: [{ field: 'nameEn', old: null, new: 'Villas' }],
  },
];

const preview: VersionRestore = {
  historyId: 1,
  entity: 'category',
  recordId: 4,
  version: 2,
  changes: [
    { field: 'nameEn', old: 'Villas & Chalets', new: 'Villas' },
    { field: 'nameAr', old: 'فلل وشاليهات', new: 'فلل' },
  ],
  kept: ['imageUrl'],
};

function server(extra: Record<string, Parameters<typeof mockServer>[0][string]> = {}, user = signedIn) {
  return mockServer({
    'GET /api/user': user,
    'GET /api/categories': answer(200, [villas]),
    'GET /api/history?entity=category&id=4&pageSize=50': () => json(200, entries, { 'X-Total-Count': '2' }),
    'GET /api/history/1/restore': answer(200, preview),
    ...extra,
  });
}

/** Opens the category's History and 'Restore this version' on its creation. */
async function openRestore(historyLabel = 'History', restoreLabel = 'Restore this version') {
  const [name] = await screen.findAllByText(/Villas & Chalets|فلل وشاليهات/);
  const row = name?.closest('tr') as HTMLElement;
  await userEvent.click(within(row).getAllByRole('button')[0] as HTMLElement);
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(await within(dialog).findByRole('button', { name: historyLabel }));
  const items = within(await within(dialog).findByRole('list')).getAllByRole('listitem');
  expect(within(items[0] as HTMLElement).queryByRole('button', { name: restoreLabel })).not.toBeInTheDocument();
  await userEvent.click(within(items[1] as HTMLElement).getByRole('button', { name: restoreLabel }));
  return screen.findByRole('dialog', { name: /restore|استعادة/i });
}

describe('restoring an earlier version from the History', () => {
  it('shows each field as it is now and as it will be, then writes with the version it showed', async () => {
    const calls = server({ 'POST /api/history/1/restore': answer(200, { ...preview, version: 3 }) });
    renderApp('/categories');
    const dialog = await openRestore();

    const table = await within(dialog).findByRole('table', { name: 'Differences from the record now' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('FieldNowAfter restoring');
    expect(rows[1]).toHaveTextContent('Name (English)Villas & ChaletsVillas');
    expect(within(rows[2] as HTMLElement).getByText('فلل')).toHaveAttribute('lang', 'ar');
    expect(dialog).toHaveTextContent('The history does not hold these, so they keep their value: Image url');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Version restored')).toBeInTheDocument();
    const [, init] = calls.calls('POST /api/history/1/restore')[0] ?? [];
    expect(new Headers(init?.headers).get('If-Match')).toBe('"2"');
    expect(screen.queryByRole('dialog', { name: 'Restore an earlier version' })).not.toBeInTheDocument();
  });

  it('shows the rules’ refusal and writes nothing more', async () => {
    server({
      'POST /api/history/1/restore': answer(409, {
        message: 'Category not found',
        errors: { categoryId: 'Category not found', typeId: 'Property type not found' },
      }),
    });
    renderApp('/categories');
    const dialog = await openRestore();
    await within(dialog).findByRole('table');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This version cannot be restored as it is:');
    expect(alert).toHaveTextContent('Category id: Category not found');
    expect(alert).toHaveTextContent('Type id: Property type not found');
    expect(screen.queryByText('Version restored')).not.toBeInTheDocument();
  });

  it('reads right to left in Arabic, with the history’s Arabic field names', async () => {
    server({}, () => json(200, { ...admin, language: 'ar' }));
    renderApp('/categories');
    const dialog = await openRestore(ar.show, ar.restore.action);

    const table = await within(dialog).findByRole('table', { name: ar.restore.caption });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(`${ar.restore.field}${ar.restore.now}${ar.restore.then}`);
    expect(rows[1]).toHaveTextContent(`${ar.fields.name} (${ar.english})`);
    expect(within(dialog).getByRole('button', { name: ar.restore.confirm })).toBeEnabled();
  });
});
