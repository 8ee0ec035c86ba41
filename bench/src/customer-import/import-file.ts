// A realistic customer file for the import measurement: unique customer ids, phones, emails and account
// numbers, US dates and amounts as spreadsheets write them, a few locations and vehicles.

export const IMPORT_HEADERS = [
  'Customer ID',
  'First Name',
  'Last Name',
  'Email',
  'Mobile',
  'Location',
  'Address',
  'City',
  'State',
  'Zip',
  'DOB',
  'Account Number',
  'Balance',
  'Due Date',
  'Frequency',
  'Status',
  'Year',
  'Make',
  'Model',
];

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Maria',
];
const LAST = [
  'Smith',
  'Johnson',
  'Garcia',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Lopez',
  'Wilson',
  'Martinez',
];
const CITIES = [
  ['Dallas', 'TX', '75201'],
  ['Austin', 'TX', '73301'],
  ['Houston', 'TX', '77002'],
  ['Tulsa', 'OK', '74103'],
] as const;
const VEHICLES = [
  ['Toyota', 'Camry'],
  ['Honda', 'Civic'],
  ['Ford', 'F-150'],
  ['Chevrolet', 'Malibu'],
] as const;
const FREQUENCIES = ['Weekly', 'Biweekly', 'Semi-monthly', 'Monthly'];
// The demo merchant's locations (the seed's names).
const LOCATIONS = ['Demo Motors North', 'Demo Motors South'];

const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** Row n (0-based) of the file. Phones (469) 2xx-xxxx are valid US numbers, one per row. */
export function importRow(n: number): string[] {
  const first = FIRST[n % FIRST.length] ?? 'Pat';
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length] ?? 'Doe';
  const [city, state, zip] = CITIES[n % CITIES.length] ?? CITIES[0];
  const [make, model] = VEHICLES[n % VEHICLES.length] ?? VEHICLES[0];
  const id = String(n + 1).padStart(6, '0');
  const exchange = 200 + Math.floor(n / 10_000);
  const line = String(n % 10_000).padStart(4, '0');
  const month = String((n % 12) + 1).padStart(2, '0');
  const day = String((n % 28) + 1).padStart(2, '0');
  return [
    `BENCH-${id}`,
    first,
    last,
    `${first}.${last}.${id}@example.com`.toLowerCase(),
    `(469) ${exchange}-${line}`,
    LOCATIONS[n % LOCATIONS.length] ?? 'Demo Motors North',
    `${100 + (n % 9000)} Main St`,
    city,
    state,
    zip,
    `${month}/${day}/${1950 + (n % 50)}`,
    `BENCH-ACC-${id}`,
    `$${(150 + (n % 900)).toLocaleString('en-US')}.${String(n % 100).padStart(2, '0')}`,
    `2030-${month}-${day}`,
    FREQUENCIES[n % FREQUENCIES.length] ?? 'Monthly',
    n % 20 === 19 ? 'inactive' : 'active',
    String(2012 + (n % 12)),
    make,
    model,
  ];
}

export function buildImportFile(rows: number): string {
  const lines = [IMPORT_HEADERS.map(quote).join(',')];
  for (let n = 0; n < rows; n++) lines.push(importRow(n).map(quote).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The longest file of whole rows that stays within `maxBytes` (the import limit counts bytes). */
export function buildImportFileWithin(maxBytes: number): { csv: string; rows: number } {
  const lines = [IMPORT_HEADERS.map(quote).join(',')];
  let bytes = Buffer.byteLength(lines[0] ?? '') + 2;
  for (let n = 0; ; n++) {
    const line = importRow(n).map(quote).join(',');
    const lineBytes = Buffer.byteLength(line) + 2;
    if (bytes + lineBytes > maxBytes) return { csv: `${lines.join('\r\n')}\r\n`, rows: n };
    lines.push(line);
    bytes += lineBytes;
  }
}
