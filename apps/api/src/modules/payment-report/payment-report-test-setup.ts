import type { Transaction } from '@paylane/shared/contracts/payments';
import { accounts, customers, locations, merchantAccounts, merchants } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { addMember, MEMBER_PASSWORD } from '../../test/members';

// The report tests' merchant: its own (so nothing the demo holds counts), in Los Angeles (so a local day is
// not a UTC day), with custom roles (so the capability is decided by the flag), and a sandbox processing
// account for card payments. Payments are taken through the real route, at instants the test clock is set to.

export const REPORT_ZONE = 'America/Los_Angeles';

export type AccountRef = { customerId: string; accountId: string };

export type ReportMerchantSetup = {
  merchantId: string;
  /** Members by what they may do: an admin, a custom role with the report flag, one without it. */
  emails: { admin: string; reporter: string; clerk: string };
};

export async function createReportMerchant(t: TestApp, name: string): Promise<ReportMerchantSetup> {
  const { db } = t.database;
  const [merchant] = await db
    .insert(merchants)
    .values({ name, timeZone: REPORT_ZONE, checkCustomRoles: true })
    .returning();
  const merchantId = merchant!.id;
  const [location] = await db
    .insert(locations)
    .values({ merchantId, name: `${name} lot`, timeZone: REPORT_ZONE })
    .returning();
  await db.insert(merchantAccounts).values({
    merchantId,
    locationId: location!.id,
    name: 'Card processing',
    status: 'active',
    cardFeeBasisPoints: 295,
  });
  const slug = name.toLowerCase().replace(/\W+/g, '-');
  const emails = {
    admin: `admin@${slug}.test`,
    reporter: `reporter@${slug}.test`,
    clerk: `clerk@${slug}.test`,
  };
  await addMember(db, { merchantId, email: emails.admin, roles: ['admin'] });
  await addMember(db, {
    merchantId,
    email: emails.reporter,
    roles: ['staff'],
    flags: { is_merchant_payment_report_allowed: true },
  });
  await addMember(db, { merchantId, email: emails.clerk, roles: ['staff'], flags: {} });
  return { merchantId, emails };
}

/** A customer with one account, named and numbered as the test needs. */
export async function newCustomerAccount(
  t: TestApp,
  merchantId: string,
  who: { firstName: string; lastName: string; externalId: string; accountNumber: string },
): Promise<AccountRef> {
  const { db } = t.database;
  const [customer] = await db
    .insert(customers)
    .values({ merchantId, firstName: who.firstName, lastName: who.lastName, externalId: who.externalId })
    .returning();
  const [account] = await db
    .insert(accounts)
    .values({
      merchantId,
      customerId: customer!.id,
      externalId: who.accountNumber,
      amountDueCents: 10_000_000,
    })
    .returning();
  return { customerId: customer!.id, accountId: account!.id };
}

/** Sets the test clock to `iso` and signs the member in then (tokens live 10 minutes of that clock). */
export async function signInAt(t: TestApp, iso: string, email: string): Promise<string> {
  t.clock.advance((Date.parse(iso) - t.clock.now().getTime()) / 1000);
  return (await t.signIn(email, MEMBER_PASSWORD)).access;
}

let keys = 0;

/** Takes a payment through POST .../transactions/ at `iso`, as the member; answers the transaction. */
export async function payAt(
  t: TestApp,
  input: {
    iso: string;
    email: string;
    merchantId: string;
    to: AccountRef;
    amount: string;
    /** Cash or check at the counter, or a saved method (payments-test-setup's saveTestCard). */
    method: { kind: 'cash' | 'check' } | { paymentMethodId: string };
  },
): Promise<Transaction> {
  const token = await signInAt(t, input.iso, input.email);
  const body =
    'paymentMethodId' in input.method
      ? { amount: input.amount, payment_method: input.method.paymentMethodId }
      : { amount: input.amount, method_kind: input.method.kind };
  const { customerId, accountId } = input.to;
  const path = `/api/merchants/${input.merchantId}/customers/${customerId}/accounts/${accountId}/transactions/`;
  const answer = await t.request(path, {
    method: 'POST',
    token,
    json: body,
    headers: { 'Idempotency-Key': `report-${++keys}` },
  });
  if (answer.status !== 201) throw new Error(`payment refused: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
