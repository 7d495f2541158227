import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fold } from '@/lib/rules';
import {
  NAME_KEYS,
  RowActions,
  RowActionsHead,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TablePagination,
  TableRow,
  TableRows,
  TableSearch,
  useClientRows,
  useDeleteConfirmation,
  type TextKey,
} from '.';

// The real fold, counted, so a test can tell how often the table folds.
vi.mock('@/lib/rules', async (importOriginal) => {
  const rules = await importOriginal<typeof import('@/lib/rules')>();
  return { ...rules, fold: vi.fn(rules.fold) };
});

interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
}

interface Actions<T> {
  onEdit?: (row: T) => void;
  onDuplicate?: (row: T) => void;
  onDelete?: (row: T) => void;
}

/** The kit composed as a screen searched and paged in the browser composes it. */
function ClientTable<T extends { id: number }>({
  data,
  columns,
  searchKeys,
  emptyText,
  onEdit,
  onDuplicate,
  onDelete,
}: {
  data: readonly T[];
  columns: readonly Column<T>[];
  searchKeys?: readonly TextKey<T>[];
  emptyText?: string;
} & Actions<T>) {
  const table = useClientRows(data, searchKeys);
  const confirm = useDeleteConfirmation((row: T) => onDelete?.(row));
  const hasActions = onEdit !== undefined || onDuplicate !== undefined || onDelete !== undefined;
  return (
    <>
      {searchKeys !== undefined && <TableSearch label="Search..." value={table.query} onChange={table.search} />}
      <Table aria-label="Things">
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.id}>{column.header}</TableHead>
            ))}
            {hasActions && <RowActionsHead />}
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRows
            rows={table.rows}
            columnCount={columns.length + 1}
            {...(emptyText === undefined ? {} : { emptyText })}
          >
            {(row) => (
              <>
                {columns.map((column) => (
                  <TableCell key={column.id}>{column.cell(row)}</TableCell>
                ))}
                {hasActions && (
                  <RowActions
                    onEdit={
                      onEdit &&
                      (() => {
                        onEdit(row);
                      })
                    }
                    onDuplicate={
                      onDuplicate &&
                      (() => {
                        onDuplicate(row);
                      })
                    }
                    onDelete={
                      onDelete &&
                      (() => {
                        confirm.ask(row);
                      })
                    }
                  />
                )}
              </>
            )}
          </TableRows>
        </TableBody>
      </Table>
      <TablePagination {...table.pages} />
      {confirm.dialog}
    </>
  );
}

interface Row {
  id: number;
  name: string;
}

const columns: Column<Row>[] = [{ id: 'name', header: 'Name', cell: (row) => row.name }];

const NAME_KEY = ['name'] as const;

interface Named {
  id: number;
  nameEn: string;
  nameAr: string;
}

const nameColumns: Column<Named>[] = [
  { id: 'nameEn', header: 'Name (English)', cell: (row) => row.nameEn },
  { id: 'nameAr', header: 'Name (Arabic)', cell: (row) => row.nameAr },
];

const named: Named[] = [
  { id: 1, nameEn: 'Apartment', nameAr: 'شقّة' },
  { id: 2, nameEn: 'Villa', nameAr: 'فيلا' },
  { id: 3, nameEn: 'Office of Ahmad', nameAr: 'مكتب أحمد' },
  { id: 4, nameEn: 'Floor 12', nameAr: 'الطابق ١٢' },
];

function rows(count: number): Row[] {
  return Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `Row ${index + 1}` }));
}

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body as HTMLElement).getAllByRole('row');
}

describe('table kit in the browser', () => {
  it('shows pages of 10 rows with "Showing X to Y of Z results"', async () => {
    render(<ClientTable data={rows(25)} columns={columns} />);

    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 25 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    expect(screen.getByText('Row 11')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 21 to 25 of 25 results')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
  });

  it('searches ignoring case, and starts again at the first page', async () => {
    render(<ClientTable data={rows(25)} columns={columns} searchKeys={NAME_KEY} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    await userEvent.type(screen.getByRole('searchbox'), 'ROW 2');

    expect(screen.getByText('Showing 1 to 7 of 7 results')).toBeInTheDocument();
    expect(bodyRows().map((row) => row.textContent)).toEqual([
      'Row 2',
      'Row 20',
      'Row 21',
      'Row 22',
      'Row 23',
      'Row 24',
      'Row 25',
    ]);
  });

  it.each([
    ['شقه', 'Apartment'],
    ['احمد', 'Office of Ahmad'],
    ['مكتب احمد', 'Office of Ahmad'],
    ['12', 'Floor 12'],
    ['١٢', 'Floor 12'],
    ['VILLA', 'Villa'],
    ['فيلا', 'Villa'],
  ])("finds '%s' in the English or the Arabic name, folded", async (query, found) => {
    render(<ClientTable data={named} columns={nameColumns} searchKeys={NAME_KEYS} />);

    await userEvent.type(screen.getByRole('searchbox'), query);

    expect(bodyRows().map((row) => row.firstChild?.textContent)).toEqual([found]);
  });

  it('a marked query finds the unmarked name too', async () => {
    const rows = [{ id: 1, nameEn: 'Apartment', nameAr: 'شقه' }];
    render(<ClientTable data={rows} columns={nameColumns} searchKeys={NAME_KEYS} />);

    await userEvent.type(screen.getByRole('searchbox'), 'شقّة');

    expect(screen.getByText('Showing 1 to 1 of 1 results')).toBeInTheDocument();
  });

  it('folds each row once per data, not on every keystroke', async () => {
    const data = rows(25);
    const folded = () => vi.mocked(fold).mock.calls.map(([text]) => text);
    const { rerender } = render(<ClientTable data={data} columns={columns} searchKeys={NAME_KEY} />);
    vi.mocked(fold).mockClear();

    await userEvent.type(screen.getByRole('searchbox'), 'ROW 2');
    rerender(<ClientTable data={data} columns={columns} searchKeys={NAME_KEY} />);
    expect(folded().filter((text) => !'ROW 2'.startsWith(text))).toEqual([]);

    vi.mocked(fold).mockClear();
    rerender(<ClientTable data={rows(25)} columns={columns} searchKeys={NAME_KEY} />);
    expect(folded().filter((text) => text.startsWith('Row '))).toHaveLength(25);
  });

  it('has no search box without search keys', () => {
    render(<ClientTable data={rows(3)} columns={columns} />);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it("reads 'No results found' when nothing matches, or the screen's own empty text", async () => {
    const { rerender } = render(<ClientTable data={rows(3)} columns={columns} searchKeys={NAME_KEY} />);
    await userEvent.type(screen.getByRole('searchbox'), 'nothing like it');
    expect(screen.getByText('No results found')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).toBeNull();

    rerender(<ClientTable data={[]} columns={columns} emptyText="Nothing here yet." />);
    expect(screen.getByText('Nothing here yet.')).toBeInTheDocument();
  });

  it('shows the last page left when rows disappear from the page shown', async () => {
    const { rerender } = render(<ClientTable data={rows(11)} columns={columns} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing 11 to 11 of 11 results')).toBeInTheDocument();

    rerender(<ClientTable data={rows(10)} columns={columns} />);
    expect(screen.getByText('Showing 1 to 10 of 10 results')).toBeInTheDocument();
  });

  it('offers only the row actions the screen handles', async () => {
    const onEdit = vi.fn();
    const onDuplicate = vi.fn();
    const { rerender } = render(
      <ClientTable data={rows(1)} columns={columns} onEdit={onEdit} onDuplicate={onDuplicate} />,
    );
    const [row] = bodyRows();

    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Edit' }));
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Duplicate' }));
    expect(onEdit).toHaveBeenCalledWith({ id: 1, name: 'Row 1' });
    expect(onDuplicate).toHaveBeenCalledWith({ id: 1, name: 'Row 1' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    rerender(<ClientTable data={rows(1)} columns={columns} />);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it("asks in the 'Confirm Delete' dialog; Cancel keeps the row, Delete deletes it", async () => {
    const onDelete = vi.fn();
    render(<ClientTable data={rows(2)} columns={columns} onDelete={onDelete} />);

    await userEvent.click(within(bodyRows()[1] as HTMLElement).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Delete' });
    expect(
      within(dialog).getByText('Are you sure you want to delete this item? This action cannot be undone.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();

    await userEvent.click(within(bodyRows()[1] as HTMLElement).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledExactlyOnceWith({ id: 2, name: 'Row 2' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
