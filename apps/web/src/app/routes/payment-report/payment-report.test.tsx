import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memberProfile, page } from '../../../test/customer-list-fixtures';
import { stubFetch, type StubReply, type StubRequest } from '../../../test/fetch-stub';
import { merchantA, signedInApi, storeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { makeReportTransaction } from './payment-report-fixtures';

const reportApi = `GET /api/merchants/${merchantA.id}/report-transactions/`;
const exportApi = `POST /api/merchants/${merchantA.id}/export_transactions/`;

type Handlers = Parameters<typeof stubFetch>[0];

function open(path: string, handlers: Handlers, profile = memberProfile(['staff'])) {
  storeSession();
  window.localStorage.setItem('paylane.merchant_id', merchantA.id);
  const api = stubFetch({ ...signedInApi({ profile }), ...handlers });
  return { api, ...renderApp(path) };
}

const lastCall = (api: ReturnType<typeof stubFetch>) => api.callsTo(reportApi).at(-1)!;
const addressOf = (location: () => string) => new URL(location(), 'http://localhost').searchParams;

/** A CSV answer the test feeds chunk by chunk, to see the progress between chunks. */
function csvStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start: (started) => {
      controller = started;
    },
  });
  const encoder = new TextEncoder();
  return {
    stream,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

/** Catches the file the page hands to the browser's save dialog. */
function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let lastBlob: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        lastBlob = blob;
        return 'blob:export';
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
  });
  return saved;
}

describe('payment report', () => {
  it('lists the payments with their customer, method, money, status and who took them', async () => {
    open('/payment-report', {
      [reportApi]: {
        body: page([
          makeReportTransaction(),
          makeReportTransaction({
            id: 'txn-2',
            status: 'PROCESSING',
            payment: {
              ...makeReportTransaction().payment,
              fee_cents: 0,
              fee_waived: true,
              total_amount_cents: 25_000,
            },
            taken_by: '',
          }),
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Payments' });
    await within(table).findAllByRole('row', { name: /Visa credit/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Date',
      'Customer',
      'Account Number',
      'Method',
      'Amount',
      'Fee',
      'Total',
      'Status',
      'Taken By',
    ]);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect([...first!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '11/20/2026 10:30 AM CST',
      'Ada Lovelace',
      'A-2001',
      'Visa credit •••• 4242',
      '$250.00',
      '$7.50',
      '$257.50',
      'Paid',
      'Jane Doe',
    ]);
    expect(within(first!).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/merchants/${merchantA.id}/customers/cust-1`,
    );
    expect(second).toHaveTextContent('Waived');
    expect(second).toHaveTextContent('Processing');
  });

  it('sends the filters as the API reads them and keeps them in the address', async () => {
    const { api, user, location } = open('/payment-report?range=custom&start=2026-11-01&end=2026-11-20', {
      [reportApi]: (request: StubRequest): StubReply => ({
        body: page([makeReportTransaction({ id: `txn-p${request.search.get('page')}` })], 120),
      }),
    });
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    expect(lastCall(api).search.get('start')).toBe('2026-11-01');
    expect(lastCall(api).search.get('end')).toBe('2026-11-20');
    expect(lastCall(api).search.get('page')).toBe('1');
    expect(lastCall(api).search.get('page_size')).toBe('50');
    const custom = screen.getByRole('group', { name: 'Date range: custom days' });
    expect(within(custom).getByRole('textbox', { name: 'From' })).toHaveValue('11/01/2026');
    expect(within(custom).getByRole('textbox', { name: 'To' })).toHaveValue('11/20/2026');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Paid' }));
    await user.click(screen.getByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(lastCall(api).search.getAll('status')).toEqual(['PAID', 'FAILED']));
    expect(addressOf(location).getAll('status')).toEqual(['PAID', 'FAILED']);

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'Lovelace');
    await waitFor(() => expect(lastCall(api).search.get('like')).toBe('Lovelace'));
    // The search waits for typing to pause: no call went out for a part of the word.
    expect(api.callsTo(reportApi).filter((call) => call.search.get('like') === 'Love')).toHaveLength(0);
    expect(addressOf(location).get('like')).toBe('Lovelace');

    const paging = await screen.findByRole('navigation', { name: 'Paging' });
    await user.click(within(paging).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastCall(api).search.get('page')).toBe('2'));
    expect(lastCall(api).search.getAll('status')).toEqual(['PAID', 'FAILED']);
    expect(lastCall(api).search.get('like')).toBe('Lovelace');
    expect(lastCall(api).search.get('start')).toBe('2026-11-01');
    const address = addressOf(location);
    expect(address.get('page')).toBe('2');
    expect(address.get('start')).toBe('2026-11-01');
    expect(address.get('end')).toBe('2026-11-20');

    // A new filter starts again at page 1.
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(screen.getByRole('option', { name: 'Today' }));
    await waitFor(() => expect(lastCall(api).search.get('page')).toBe('1'));
    expect(addressOf(location).get('range')).toBe('today');
    expect(addressOf(location).get('page')).toBeNull();
  });

  it('opens a shared link with the same filters, and says when the API stopped counting', async () => {
    const { api } = open(
      '/payment-report?range=custom&start=2026-10-01&end=2026-10-31&status=RETURNED&like=smith&page=3&page_size=75',
      { [reportApi]: { body: { ...page([makeReportTransaction()], 10_000), is_count_capped: true } } },
    );
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    const call = lastCall(api);
    expect(Object.fromEntries(call.search)).toEqual({
      page: '3',
      page_size: '75',
      start: '2026-10-01',
      end: '2026-10-31',
      status: 'RETURNED',
      like: 'smith',
    });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('smith');
    // Past 10,000 the API stops counting (a large merchant's history): the footer says so.
    expect(screen.getByText('10,000+ results')).toBeInTheDocument();
    expect(
      screen.getByText('Returned', { selector: '.mantine-MultiSelect-pill *, .mantine-Pill-label' }),
    ).toBeInTheDocument();
  });

  it("counts a first visit's default days on the merchant's clock and writes them into the address", async () => {
    // 9:30 PM on November 24 in Chicago is already November 25 in UTC.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T03:30:00Z') });
    const { api, location } = open('/payment-report', { [reportApi]: { body: page([]) } });
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
    await waitFor(() => expect(addressOf(location).get('range')).toBe('last_30_days'));
    expect(addressOf(location).get('start')).toBe('2026-10-26');
    expect(addressOf(location).get('end')).toBe('2026-11-24');
    expect(lastCall(api).search.get('start')).toBe('2026-10-26');
    expect(lastCall(api).search.get('end')).toBe('2026-11-24');
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveValue('Last 30 Days');
  });

  it('shows what the server refused', async () => {
    open('/payment-report?range=custom&start=2026-11-01&end=2026-11-20', {
      [reportApi]: { status: 400, body: { start: ['Date is not valid'] } },
    });
    expect(await screen.findByText('From: Date is not valid')).toBeInTheDocument();
  });

  it('exports the filtered payments as a CSV file, showing rows of the total while it streams', async () => {
    const saved = catchDownloads();
    const csv = csvStream();
    const { api, user } = open(
      '/payment-report?range=custom&start=2026-11-01&end=2026-11-20&status=PAID&like=ada',
      {
        [reportApi]: { body: page([makeReportTransaction()]) },
        [exportApi]: {
          raw: csv.stream,
          headers: {
            'Content-Type': 'text/csv',
            'X-Total-Count': '3',
            'Content-Disposition': 'attachment; filename="payments-2026-11-01-2026-11-20.csv"',
          },
        },
      },
    );
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(api.callsTo(exportApi)).toHaveLength(1));
    const request = api.callsTo(exportApi)[0]!;
    expect(request.body).toEqual({ start: '2026-11-01', end: '2026-11-20', status: ['PAID'], like: 'ada' });
    expect(request.headers.get('Authorization')).toMatch(/^Bearer /);

    csv.push('Date,Customer,Total\n2026-11-20,Ada Lovelace,257.50\n');
    expect(await screen.findByText('Exporting… 1 of 3 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    csv.push('2026-11-19,Grace Hopper,100.00\n2026-11-18,Alan Turing,40.00\n');
    expect(await screen.findByText('Exporting… 3 of 3 rows')).toBeInTheDocument();
    csv.close();

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('payments-2026-11-01-2026-11-20.csv');
    expect(await saved[0]!.blob.text()).toBe(
      'Date,Customer,Total\n2026-11-20,Ada Lovelace,257.50\n2026-11-19,Grace Hopper,100.00\n2026-11-18,Alan Turing,40.00\n',
    );
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('shows the bytes received when the server does not say how many rows are coming', async () => {
    const saved = catchDownloads();
    const csv = csvStream();
    const { user } = open('/payment-report?range=today', {
      [reportApi]: { body: page([makeReportTransaction()]) },
      [exportApi]: { raw: csv.stream, headers: { 'Content-Type': 'text/csv' } },
    });
    await screen.findByRole('row', { name: /Ada Lovelace/ });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    csv.push('a,b\n1,2\n');
    expect(await screen.findByText('Exporting… 8 bytes received')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Export progress' })).toBeNull();
    csv.push('x'.repeat(2048));
    expect(await screen.findByText('Exporting… 2.0 KB received')).toBeInTheDocument();
    csv.close();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^payment-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('sends staff without payment reports on a custom-role merchant Home, with no link to it', async () => {
    storeSession();
    window.localStorage.setItem('paylane.merchant_id', merchantA.id);
    const merchant = { ...merchantA, check_custom_roles: true };
    const api = stubFetch({
      ...signedInApi({ profile: memberProfile(['Viewer', 'staff']), merchants: [merchant] }),
      [reportApi]: { body: page([]) },
    });
    const { location } = renderApp('/payment-report');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(location()).toBe('/'));
    await within(nav).findByRole('link', { name: 'Message Report' });
    expect(within(nav).queryByRole('link', { name: 'Payment Report' })).toBeNull();
    expect(api.callsTo(reportApi)).toHaveLength(0);
  });
});
