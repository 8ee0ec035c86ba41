import type { CustomerImport, CustomerImportRow } from '@paylane/shared/contracts/customer-imports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubReply } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const api = `/api/merchants/${merchantA.id}/customer_imports/`;
const importApi = `${api}imp-1/`;
const pagePath = `/merchants/${merchantA.id}/customers/import`;
const headers = ['Customer ID', 'First Name', 'Last Name', 'Email', 'Mobile', 'Amount Due', 'Account Number'];
const suggested = {
  external_id: 'Customer ID',
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  sms_phone_number: 'Mobile',
  amount_due: 'Amount Due',
  account_external_id: 'Account Number',
};
const uploaded: CustomerImport = {
  id: 'imp-1',
  file_name: 'customers.csv',
  status: 'uploaded',
  total_rows: 20,
  valid_rows: 0,
  invalid_rows: 0,
  processed_rows: 0,
  created_count: 0,
  updated_count: 0,
  progress: 0,
  error_message: null,
  started_at: null,
  finished_at: null,
  created: '2026-11-23T10:00:00.000Z',
  headers,
  mapping: null,
  suggested_mapping: suggested,
  sample_rows: [['C-1', 'Ada', 'Lovelace', 'ada@example.com', '(469) 200-0001', '99.99', 'A-1']],
};
const validated: CustomerImport = {
  ...uploaded,
  status: 'validated',
  mapping: suggested,
  valid_rows: 17,
  invalid_rows: 3,
};
const errorRow = (row_number: number, values: Record<string, string>, errors: Record<string, string[]>) =>
  ({ row_number, values, errors }) satisfies CustomerImportRow;
const errorRows = [
  errorRow(4, { 'Customer ID': 'C-4', Email: 'not-an-email' }, { email: ['Email is not valid'] }),
  errorRow(
    11,
    { 'Customer ID': 'C-11', Mobile: '555-0000' },
    { sms_phone_number: ['Phone number is not valid'] },
  ),
  errorRow(17, { 'Customer ID': 'C-17', 'Amount Due': '' }, { amount_due: ['Amount Due is Required'] }),
];
const page = <T,>(results: T[], count = results.length) => ({ count, next: null, previous: null, results });

/** A signed-in staff user of merchant A (staff may import) and the import calls the test answers. */
function openImportPage(handlers: Record<string, StubReply | ((...args: never[]) => StubReply)> = {}) {
  storeSession();
  return stubFetch({ ...signedInApi(), ...handlers });
}

const csvFile = () => new File(['Customer ID,First Name\nC-1,Ada\n'], 'customers.csv', { type: 'text/csv' });
const selectFor = (label: string) => screen.getByRole('combobox', { name: label });

describe('customer import page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uploads, maps, previews the errors, imports with progress and downloads the error report', async () => {
    const gets: CustomerImport[] = [];
    const calls = openImportPage({
      [`POST ${api}`]: { status: 201, body: uploaded },
      [`PUT ${importApi}mapping/`]: { body: validated },
      [`GET ${importApi}rows/`]: { body: page(errorRows) },
      [`POST ${importApi}start/`]: () => {
        gets.push(
          { ...validated, status: 'running', processed_rows: 9, progress: 52 },
          { ...validated, status: 'completed', processed_rows: 17, created_count: 17, progress: 100 },
        );
        return { status: 202, body: { ...validated, status: 'queued' } };
      },
      [`GET ${importApi}`]: () => ({ body: gets.length > 1 ? gets.shift() : (gets[0] ?? uploaded) }),
      [`GET ${importApi}errors.csv`]: {
        body: 'Row,Field,Message',
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="customers-errors.csv"',
        },
      },
    });
    const { user, location } = renderApp(pagePath);
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Customers' })).toBeInTheDocument();

    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    expect(await screen.findByText(/customers\.csv: 20 rows, 7 columns/)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`${pagePath}?import=imp-1`));
    expect(calls.callsTo(`POST ${api}`)[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    // The server's guesses are preselected; required fields are marked.
    expect(selectFor('Customer ID')).toHaveValue('Customer ID');
    expect(selectFor('Phone Number')).toHaveValue('Mobile');
    expect(selectFor('Location')).toHaveValue('');
    const labelOf = (name: string) => document.querySelector(`label[for="${selectFor(name).id}"]`);
    expect(labelOf('Customer ID')).toHaveTextContent('Customer ID *');
    expect(labelOf('Location')).toHaveTextContent(/^Location$/);

    await user.click(screen.getByRole('button', { name: 'Check rows' }));
    expect(await screen.findByText('17 rows ready, 3 rows with errors')).toBeInTheDocument();
    expect(calls.callsTo(`PUT ${importApi}mapping/`)[0]?.body).toEqual({ mapping: suggested });
    const table = await screen.findByRole('table', { name: 'Rows with errors' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      '4Emailnot-an-emailEmail is not valid',
      '11Phone Number555-0000Phone number is not valid',
      '17Amount DueAmount Due is Required',
    ]);
    expect(calls.callsTo(`GET ${importApi}rows/`)[0]?.search.get('errors_only')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Import 17 customers' }));
    expect(await screen.findByText('9 of 17 customers imported (52%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '52',
    );
    const result = await screen.findByRole('list', { name: 'Import result' });
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Created: 17', 'Updated: 0', 'Skipped with errors: 3']);
    expect(calls.callsTo(`POST ${importApi}start/`)).toHaveLength(1);

    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    await user.click(screen.getByRole('button', { name: 'Download error report' }));
    await waitFor(() => expect(saved).toEqual(['customers-errors.csv blob:report']));
    expect(calls.callsTo(`GET ${importApi}errors.csv`)[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(screen.getByRole('link', { name: 'Back to customers' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/customers`,
    );
  });

  it('pages the rows with errors', async () => {
    const many = Array.from({ length: 23 }, (_, i) =>
      errorRow(i + 1, { Email: `bad-${i + 1}` }, { email: ['Email is not valid'] }),
    );
    const calls = openImportPage({
      [`GET ${importApi}`]: { body: { ...validated, valid_rows: 0, invalid_rows: 23 } },
      [`GET ${importApi}rows/`]: (request: { search: URLSearchParams }) => {
        const pageNumber = Number(request.search.get('page'));
        const size = Number(request.search.get('page_size'));
        return { body: page(many.slice((pageNumber - 1) * size, pageNumber * size), many.length) };
      },
    });
    const { user } = renderApp(`${pagePath}?import=imp-1`);
    const table = await screen.findByRole('table', { name: 'Rows with errors' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(screen.getByRole('button', { name: 'Import 0 customers' })).toBeDisabled();
    const paging = screen.getByRole('navigation', { name: 'Paging' });
    await user.click(within(paging).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('21Emailbad-21Email is not valid');
    expect(calls.callsTo(`GET ${importApi}rows/`).at(-1)?.search.toString()).toBe(
      'page=3&page_size=10&errors_only=true',
    );
  });

  it('shows why a file is refused, by the browser or by the server', async () => {
    let answer: StubReply = { status: 400, body: { file: ['The file is not a CSV text file'] } };
    openImportPage({ [`POST ${api}`]: () => answer });
    renderApp(pagePath);
    await screen.findByRole('heading', { level: 1, name: 'Import Customers' });
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('CSV file');

    await user.upload(input, new File(['png'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a CSV file (.csv)');
    await user.upload(input, csvFile());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The file is not a CSV text file'),
    );
    answer = { status: 413, body: { detail: 'The file is too large' } };
    await user.upload(input, csvFile());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The file is too large'));
  });

  it('shows the server’s messages for the mapping and the start, and an import that failed', async () => {
    let current: CustomerImport = uploaded;
    const calls = openImportPage({
      [`GET ${importApi}`]: () => ({ body: current }),
      [`PUT ${importApi}mapping/`]: { status: 400, body: { external_id: ['Required'] } },
      [`POST ${importApi}start/`]: {
        status: 400,
        body: { non_field_errors: ['Map the columns and check the rows before importing'] },
      },
      [`GET ${importApi}rows/`]: { body: page([]) },
    });
    const { user, view } = renderApp(`${pagePath}?import=imp-1`);
    await screen.findByText(/customers\.csv: 20 rows/);
    await user.click(screen.getByRole('button', { name: 'Check rows' }));
    await waitFor(() => expect(selectFor('Customer ID')).toHaveAccessibleDescription('Required'));
    expect(selectFor('Customer ID')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.callsTo(`PUT ${importApi}mapping/`)).toHaveLength(1);
    view.unmount();

    current = { ...validated, invalid_rows: 0, valid_rows: 20 };
    const second = renderApp(`${pagePath}?import=imp-1`);
    await second.user.click(await screen.findByRole('button', { name: 'Import 20 customers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Map the columns and check the rows before importing',
    );
    second.view.unmount();

    current = {
      ...validated,
      status: 'failed',
      error_message: 'Oops! Something Went Wrong...',
      created_count: 4,
    };
    renderApp(`${pagePath}?import=imp-1`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Oops! Something Went Wrong... Customers imported before it stopped are saved.',
    );
    expect(screen.getByText('Created: 4')).toBeInTheDocument();
  });
});
