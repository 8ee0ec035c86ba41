import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consentEvents, customers, merchants, messages } from '../../db/schema';

/**
 * The demo merchant, with a phone and email for its HELP answer, and a rival merchant; each with the number
 * its texts leave from with the outbox provider (every merchant is given one).
 */
export async function setUpMerchants(db: Db) {
  const returned = { id: merchants.id, number: merchants.outboxSmsNumber };
  const [demo] = await db
    .update(merchants)
    .set({ phone: '+12145550100', email: 'help@demo-motors.test' })
    .where(eq(merchants.name, 'Demo Motors'))
    .returning(returned);
  const [other] = await db.insert(merchants).values({ name: 'Other Autos' }).returning(returned);
  return { demoId: demo!.id, otherId: other!.id, demoNumber: demo!.number, otherNumber: other!.number };
}

export async function addCustomer(
  db: Db,
  merchantId: string,
  phone: string,
  firstName = 'Zoe',
): Promise<string> {
  const [row] = await db
    .insert(customers)
    .values({ merchantId, firstName, lastName: 'Quill', smsPhoneNumber: phone })
    .returning({ id: customers.id });
  return row!.id;
}

export async function messagesOf(db: Db, customerId: string) {
  return db.select().from(messages).where(eq(messages.customerId, customerId)).orderBy(asc(messages.seq));
}

export async function consentOf(db: Db, customerId: string) {
  return db
    .select()
    .from(consentEvents)
    .where(eq(consentEvents.customerId, customerId))
    .orderBy(asc(consentEvents.id));
}

export async function optedOutAt(db: Db, customerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: customers.smsOptedOutAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row!.at;
}
