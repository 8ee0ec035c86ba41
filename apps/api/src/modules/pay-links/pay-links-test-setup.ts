import { and, eq } from 'drizzle-orm';
import { accounts, customers, messages, messageTemplates, payLinks } from '../../db/schema';
import type { TestApp } from '../../test/app';

// What the pay link tests arrange and read: a customer with a phone, birth date and an account with money due,
// the links stored for an account, and the texts the customer was sent.

export type Payer = { customerId: string; accountId: string };

let phones = 0;

export async function newPayer(t: TestApp, merchantId: string, amountDueCents = 50_000): Promise<Payer> {
  const { db } = t.database;
  phones += 1;
  const [customer] = await db
    .insert(customers)
    .values({
      merchantId,
      firstName: 'Paula',
      lastName: "O'Payer",
      dateOfBirth: '1990-04-12',
      smsPhoneNumber: `+1555019${String(phones).padStart(4, '0')}`,
    })
    .returning();
  const [account] = await db
    .insert(accounts)
    .values({ merchantId, customerId: customer!.id, amountDueCents, externalId: `PL-${4800 + phones}` })
    .returning();
  return { customerId: customer!.id, accountId: account!.id };
}

export const accountPath = (merchantId: string, to: Payer) =>
  `/api/merchants/${merchantId}/customers/${to.customerId}/accounts/${to.accountId}`;

/** The token of a link URL (`…/pay/{token}`). */
export const tokenOf = (url: string) => url.slice(url.lastIndexOf('/pay/') + '/pay/'.length);

export function linksOf(t: TestApp, accountId: string) {
  return t.database.db.select().from(payLinks).where(eq(payLinks.accountId, accountId));
}

/** The texts of one system template type sent to a customer. */
export async function systemTextsTo(
  t: TestApp,
  customerId: string,
  type: 'THANKS' | 'PAYMENT_FAILED' | 'PAYMENTREQUEST',
) {
  return t.database.db
    .select({ body: messages.body, status: messages.status, kind: messages.kind })
    .from(messages)
    .innerJoin(messageTemplates, eq(messageTemplates.id, messages.templateId))
    .where(and(eq(messages.customerId, customerId), eq(messageTemplates.type, type)));
}
