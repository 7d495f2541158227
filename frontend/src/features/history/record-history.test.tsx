import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Category, HistoryEntry } from '@/generated/types';
import { renderApp } from '@/test/render';
import { admin, answer, json, mockServer, signedIn } from '@/test/server';
import { fieldName, valueText } from './components/change-text';

const villas: Category = {
  id: 4,
  version: 2,
  nameEn: 'Villas & Chalets',
  nameAr: 'فلل',
  descriptionEn: null,
  descriptionAr: null,
  imageUrl: null,
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
    changes: [{ field: 'nameEn', old: 'Villas', new: 'Villas & Chalets' }],
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

async function openEditDialog() {
  const row = (await screen.findByText('Villas & Chalets')).closest('tr') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: /edit/i }));
  return screen.getByRole('dialog', { name: 'Edit Category' });
}

describe('a record’s history in its edit dialog', () => {
  it('lists who changed which field from what to what, newest first, for an administrator', async () => {
    const server = mockServer({
      'GET /api/user': signedIn,
      'GET /api/categories': answer(200, [villas]),
      'GET /api/history?entity=category&id=4&pageSize=50': () => json(200, entries, { 'X-Total-Count': '2' }),
    });
    renderApp('/categories');
    const dialog = await openEditDialog();

    const toggle = await within(dialog).findByRole('button', { name: 'History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(server.calls('GET /api/history?entity=category&id=4&pageSize=50')).toHaveLength(0);
    await userEvent.click(toggle);

    const list = await within(dialog).findByRole('list', { name: 'History of changes' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Updated by sara');
    expect(items[0]).toHaveTextContent('Name (English)Villas → Villas & Chalets');
    expect(items[1]).toHaveTextContent('Created by admin');
  });

  it('is not offered to a user who is not an administrator', async () => {
    mockServer({
      'GET /api/user': () => json(200, { ...admin, id: 2, username: 'omar', role: 'user' }),
      'GET /api/categories': answer(200, [villas]),
    });
    renderApp('/categories');
    const dialog = await openEditDialog();
    expect(within(dialog).queryByRole('button', { name: 'History' })).not.toBeInTheDocument();
  });
});

describe('change text', () => {
  it('reads field names as words with their language', () => {
    const languages = { En: 'English', Ar: 'Arabic' };
    expect(fieldName('nameEn', languages)).toBe('Name (English)');
    expect(fieldName('featureIds', languages)).toBe('Feature ids');
  });

  it('writes values as one line', () => {
    expect(valueText(null)).toBe('');
    expect(valueText([3, 5])).toBe('3, 5');
    expect(valueText(true)).toBe('true');
  });
});
