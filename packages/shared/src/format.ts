import { parsePhoneNumberWithError } from 'libphonenumber-js';

// Display formats of docs/product.md §9: USD with two decimals and negatives in parentheses, phones (###) ###-####,
// dates MM/DD/YYYY, basis points as value/100 percent. Money arrives as integer cents, fees as basis points.

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 123456 → '$1,234.56'; -500 → '($5.00)'. */
export function formatCurrency(cents: number): string {
  const text = usd.format(Math.abs(cents) / 100);
  return cents < 0 ? `(${text})` : text;
}

/** Integer cents as the dollars a person types: 150 → '1.50'. */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Basis points as the percent a person types: 295 → '2.95'. */
export function basisPointsToPercent(bps: number): string {
  return centsToDollars(bps); // the same two-decimal shift
}

/** 295 → '2.95%'. */
export function formatBasisPoints(bps: number): string {
  return `${basisPointsToPercent(bps)}%`;
}

/** E.164 (US/CA) → '(214) 555-0100'; '' for none; anything unparseable is shown as it came. */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  try {
    return parsePhoneNumberWithError(e164, 'US').formatNational();
  } catch {
    return e164;
  }
}

/** 'YYYY-MM-DD' → 'MM/DD/YYYY'; anything else is shown as it came. */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : isoDate;
}

/** docs/product.md §3 Payment method option: the nickname plus the last 8 characters of the card or account mask. */
export function formatPaymentMethod(method: {
  nickname: string;
  masked_card_number: string | null;
  masked_account_number: string | null;
}): string {
  const mask = method.masked_card_number ?? method.masked_account_number ?? '';
  return [method.nickname, mask.slice(-8)].filter(Boolean).join(' ');
}
