import { extractText, getDocumentProxy } from 'unpdf';
import { accounts, customers, type ledgerEntries } from '../../db/schema';
import type { TestApp } from '../../test/app';

// What the receipt tests arrange and read: a customer with an email and a phone and an account number, the
// ledger entries of a refund as the refunds work posts them ('refund' and 'fee_refund' naming the payment; the
// tests post them with the payments' own postLedgerEntries), and a PDF read back as text.

type AccountRef = { customerId: string; accountId: string };

let people = 0;

export async function newReceiptCustomer(
  t: TestApp,
  merchantId: string,
  contact: { email?: string | null; phone?: string | null } = {},
): Promise<AccountRef> {
  people += 1;
  const { db } = t.database;
  const [customer] = await db
    .insert(customers)
    .values({
      merchantId,
      firstName: 'Rita',
      lastName: 'Receipt',
      dateOfBirth: '1980-02-03',
      email: contact.email === undefined ? `rita${people}@example.com` : contact.email,
      smsPhoneNumber:
        contact.phone === undefined ? `+1555027${String(people).padStart(4, '0')}` : contact.phone,
    })
    .returning();
  const [account] = await db
    .insert(accounts)
    .values({
      merchantId,
      customerId: customer!.id,
      amountDueCents: 80_000,
      externalId: `RC-${7700 + people}`,
    })
    .returning();
  return { customerId: customer!.id, accountId: account!.id };
}

/** A refund of a payment as the ledger records it: money out is negative; principal and fee apart. */
export function refundEntries(
  payment: { merchantId: string; id: string; accountId: string },
  refund: { amountCents: number; feeCents: number; at: Date },
): (typeof ledgerEntries.$inferInsert)[] {
  const entry = { merchantId: payment.merchantId, paymentId: payment.id, accountId: payment.accountId };
  return [
    { ...entry, kind: 'refund', amountCents: -refund.amountCents, occurredAt: refund.at },
    ...(refund.feeCents > 0
      ? [{ ...entry, kind: 'fee_refund' as const, amountCents: -refund.feeCents, occurredAt: refund.at }]
      : []),
  ];
}

/** The text of a PDF, its pages joined. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}
