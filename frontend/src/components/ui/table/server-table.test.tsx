import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  DebouncedTableSearch,
  parseSort,
  SortableHead,
  sortParam,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TablePagination,
  TableRows,
  useServerPages,
  type SortOrder,
} from '.';

interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  sortField?: string;
}

/** The kit composed as a screen paged, searched and ordered by the server composes it. */
function ServerTable<T extends { id: number }>({
  data,
  columns,
  server,
}: {
  data: readonly T[];
  columns: readonly Column<T>[];
  server: {
    page: number;
    total: number;
    onPageChange: (page: number) => void;
    query?: string;
    onQueryChange?: (query: string) => void;
    sort?: SortOrder | null;
    onSortChange?: (sort: SortOrder) => void;
  };
}) {
  const { page, total, onPageChange, query, onQueryChange, sort = null, onSortChange } = server;
  const pages = useServerPages({ page, total, shown: data.length, onPageChange });
  return (
    <>
      {onQueryChange !== undefined && (
        <DebouncedTableSearch label="Search..." query={query ?? ''} onQueryChange={onQueryChange} />
      )}
      <Table aria-label="Things">
        <TableHeader>
          <TableRow>
            {columns.map((column) =>
              column.sortField !== undefined && onSortChange !== undefined ? (
                <SortableHead key={column.id} field={column.sortField} sort={sort} onSortChange={onSortChange}>
                  {column.header}
                </SortableHead>
              ) : (
                <TableHead key={column.id}>{column.header}</TableHead>
              ),
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRows rows={data} columnCount={columns.length}>
            {(row) => columns.map((column) => <TableCell key={column.id}>{column.cell(row)}</TableCell>)}
          </TableRows>
        </TableBody>
      </Table>
      <TablePagination {...pages} />
    </>
  );
}

interface Row {
  id: number;
  name: string;
}

const columns: Column<Row>[] = [{ id: 'name', header: 'Name', cell: (row) => row.name }];

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body as HTMLElement).getAllByRole('row');
}

describe('table kit on the server', () => {
  function page(from: number, count: number): Row[] {
    return Array.from({ length: count }, (_, index) => ({ id: from + index, name: `Row ${from + index}` }));
  }

  it("shows the server's page with 'Showing X to Y of Z results' and asks for the others", async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(
      <ServerTable data={page(11, 10)} columns={columns} server={{ page: 2, total: 25, onPageChange }} />,
    );

    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);

    rerender(<ServerTable data={page(21, 5)} columns={columns} server={{ page: 3, total: 25, onPageChange }} />);
    expect(screen.getByText('Showing 21 to 25 of 25 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('does not search or page the rows itself', async () => {
    const onQueryChange = vi.fn();
    render(
      <ServerTable
        data={page(1, 3)}
        columns={columns}
        server={{ page: 1, total: 3, onPageChange: vi.fn(), query: '', onQueryChange }}
      />,
    );

    await userEvent.type(screen.getByRole('searchbox'), 'Row 2');

    expect(bodyRows()).toHaveLength(3);
  });

  it('asks for a search once the typing pauses, not on every keystroke', async () => {
    const onQueryChange = vi.fn();
    render(
      <ServerTable
        data={page(1, 3)}
        columns={columns}
        server={{ page: 1, total: 3, onPageChange: vi.fn(), query: '', onQueryChange }}
      />,
    );

    await userEvent.type(screen.getByRole('searchbox'), 'villa');
    expect(onQueryChange).not.toHaveBeenCalled();

    await waitFor(() => {
      expect(onQueryChange).toHaveBeenCalledExactlyOnceWith('villa');
    });
  });

  it('shows a search changed from outside, but never drops what was typed meanwhile', async () => {
    let query = 'old';
    const onQueryChange = vi.fn((next: string) => {
      query = next;
    });
    const table = () => (
      <ServerTable
        data={page(1, 3)}
        columns={columns}
        server={{ page: 1, total: 3, onPageChange: vi.fn(), query, onQueryChange }}
      />
    );
    const { rerender } = render(table());
    const box = screen.getByRole('searchbox');
    expect(box).toHaveValue('old');

    // Back in history: the search the page shows changes, and the box follows.
    query = 'villa';
    rerender(table());
    expect(box).toHaveValue('villa');

    // The box sends 'villas'; before the owner shows its answer, the person typed on.
    await userEvent.type(box, 's');
    await waitFor(() => {
      expect(onQueryChange).toHaveBeenCalledWith('villas');
    });
    await userEvent.type(box, ' in');
    rerender(table());
    expect(box).toHaveValue('villas in');
  });

  it('orders by a sortable header, ascending first, then each click turns it', async () => {
    const onSortChange = vi.fn();
    const sortable: Column<Row>[] = [
      { id: 'name', header: 'Name', cell: (row) => row.name, sortField: 'name' },
      { id: 'plain', header: 'Plain', cell: () => '' },
    ];
    const server = (sort: SortOrder | null) => ({ page: 1, total: 1, onPageChange: vi.fn(), sort, onSortChange });
    const { rerender } = render(<ServerTable data={page(1, 1)} columns={sortable} server={server(null)} />);

    expect(screen.getByRole('columnheader', { name: 'Plain' })).not.toContainElement(
      screen.queryByRole('button', { name: 'Plain' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', descending: false });

    rerender(
      <ServerTable data={page(1, 1)} columns={sortable} server={server({ field: 'name', descending: false })} />,
    );
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', descending: true });

    rerender(<ServerTable data={page(1, 1)} columns={sortable} server={server({ field: 'name', descending: true })} />);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', descending: false });
  });

  it('asks for the last page when the page shown is past it', () => {
    const onPageChange = vi.fn();
    render(<ServerTable data={[]} columns={columns} server={{ page: 3, total: 20, onPageChange }} />);
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it.each([
    ['-createdAt', { field: 'createdAt', descending: true }],
    ['price', { field: 'price', descending: false }],
  ] as const)('reads and writes the sort parameter %s', (param, order) => {
    expect(parseSort(param)).toEqual(order);
    expect(sortParam(order)).toBe(param);
  });

  it('reads no sort from an empty parameter', () => {
    expect(parseSort(null)).toBeNull();
    expect(parseSort('')).toBeNull();
  });
});
