import { MantineProvider } from '@mantine/core';
import type { SortingState } from '@tanstack/react-table';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
import { RowLink } from './row-link';
import { orderingToSorting, sortingToOrdering } from './sorting';

type Person = { id: string; name: string; city: string };
const people: Person[] = [
  { id: 'p-1', name: 'Ada Lovelace', city: 'London' },
  { id: 'p-2', name: 'Grace Hopper', city: 'Arlington' },
];
const columns: DataTableColumn<Person>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (row) => row.name,
    cell: ({ row }) => <RowLink rowId={row.id}>{row.original.name}</RowLink>,
  },
  { id: 'city', header: 'City', cell: ({ row }) => row.original.city },
];

type Props = Partial<DataTableProps<Person>>;

/** The table at /people/ in a memory router; `path()` tells where a click led. */
function renderTable(props: Props = {}) {
  const element = (
    <DataTable label="People" columns={columns} data={people} getRowId={(row) => row.id} {...props} />
  );
  const router = createMemoryRouter(
    [
      { path: '/people', element },
      { path: '/people/:id', element: <p>Person page</p> },
    ],
    { initialEntries: ['/people/'] },
  );
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  const path = () => router.state.location.pathname;
  return { user: userEvent.setup(), path };
}

/** A parent that owns the sort, as a page does. */
function SortingParent({ onSort }: { onSort: (ordering: string | null) => void }) {
  const [sorting, setSorting] = useState<SortingState>(orderingToSorting('name'));
  return (
    <DataTable
      label="People"
      columns={columns}
      data={people}
      getRowId={(row) => row.id}
      sorting={sorting}
      onSortingChange={(next) => {
        setSorting(next);
        onSort(sortingToOrdering(next));
      }}
    />
  );
}

describe('data table', () => {
  it('maps the API ordering to the table sort and back', () => {
    expect(orderingToSorting('-last_name')).toEqual([{ id: 'last_name', desc: true }]);
    expect(orderingToSorting('created')).toEqual([{ id: 'created', desc: false }]);
    expect(orderingToSorting('')).toEqual([]);
    expect(sortingToOrdering([{ id: 'external_id', desc: true }])).toBe('-external_id');
    expect(sortingToOrdering([])).toBeNull();
  });

  it('sorts on the server: a header button reports the new order and aria-sort follows', async () => {
    const onSort = vi.fn();
    const router = createMemoryRouter([{ path: '/', element: <SortingParent onSort={onSort} /> }]);
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    // Only columns with an accessor sort: City is plain text, not a button.
    expect(within(screen.getByRole('columnheader', { name: 'City' })).queryByRole('button')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'City' })).not.toHaveAttribute('aria-sort');

    await user.click(within(nameHeader).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith('-name');
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    // Sorting never switches off: the server always has an order.
    await user.click(within(nameHeader).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith('name');
    // The rows are the server's order: the table does not reorder them itself.
    const names = screen.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  it('opens a row at the current path plus its id, and a link cell points there too', async () => {
    const { user, path } = renderTable();
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/people/p-2');
    await user.click(screen.getByRole('cell', { name: 'London' }));
    expect(path()).toBe('/people/p-1');
    expect(await screen.findByText('Person page')).toBeInTheDocument();
  });

  it('leaves the row click to the parent with custom selection, and expands an expandable table', async () => {
    const onRowClick = vi.fn();
    const first = renderTable({ onRowClick });
    await first.user.click(screen.getByRole('cell', { name: 'Arlington' }));
    expect(onRowClick).toHaveBeenCalledWith(people[1]);
    expect(first.path()).toBe('/people/');
    cleanup();

    const second = renderTable({ renderExpanded: (row) => <p>Details of {row.name}</p> });
    const row = screen.getByRole('row', { name: /Ada Lovelace/ });
    expect(row).toHaveAttribute('aria-expanded', 'false');
    await second.user.click(screen.getByRole('cell', { name: 'London' }));
    expect(screen.getByText('Details of Ada Lovelace')).toBeInTheDocument();
    expect(row).toHaveAttribute('aria-expanded', 'true');
    expect(second.path()).toBe('/people/');
  });

  it('selects rows and every row of the page, keeping choices made on other pages', async () => {
    const onChange = vi.fn();
    const { user, path } = renderTable({
      selection: { selectedIds: ['other-page-row'], onChange, getRowLabel: (row) => row.name },
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    expect(onChange).toHaveBeenLastCalledWith(['other-page-row', 'p-2']);
    // Ticking a box does not open the row.
    expect(path()).toBe('/people/');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onChange).toHaveBeenLastCalledWith(['other-page-row', 'p-1', 'p-2']);
  });

  it('shows the all-rows box as ticked when every row of the page is selected', () => {
    renderTable({ selection: { selectedIds: ['p-1', 'p-2'], onChange: () => {} } });
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBeChecked();
    expect(screen.getAllByRole('checkbox', { name: 'Select row' })[0]).toBeChecked();
  });

  it('shows the footer only when there is more than one page, with 50, 75 and 100 rows a page', async () => {
    const onChange = vi.fn();
    renderTable({ paging: { count: 50, page: 1, pageSize: 50, onChange } });
    expect(screen.queryByRole('navigation', { name: 'Paging' })).toBeNull();
    cleanup();

    const { user } = renderTable({ paging: { count: 120, page: 1, pageSize: 50, onChange } });
    const footer = screen.getByRole('navigation', { name: 'Paging' });
    expect(within(footer).getByText('120 results')).toBeInTheDocument();
    await user.click(within(footer).getByRole('button', { name: 'Page 3' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 3, pageSize: 50 });
    await user.click(within(footer).getByRole('combobox', { name: 'Rows per page' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['50', '75', '100']);
    await user.click(screen.getByRole('option', { name: '100' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 100 });
  });

  it('keeps the rows on screen while the next page loads, and says when there are none', () => {
    renderTable({ isFetching: true });
    expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    cleanup();

    renderTable({ data: undefined });
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    cleanup();

    renderTable({ data: [], emptyState: 'No people match.' });
    expect(screen.getByText('No people match.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-busy', 'false');
  });
});
