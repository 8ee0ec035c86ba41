import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consentEvents, customers } from '../../db/schema';

export type ConsentChange = {
  merchantId: string;
  customerId: string;
  channel: 'sms' | 'email';
  source: 'keyword' | 'provider' | 'staff' | 'import';
  /** The keyword as received, or the provider's error code. */
  detail?: string;
  messageId?: string | null;
  userId?: string | null;
};

const optedOutColumn = { sms: customers.smsOptedOutAt, email: customers.emailOptedOutAt } as const;

/**
 * Opts the customer out of a channel and writes the consent record. Returns false (and writes nothing) when
 * they were already out, so a repeated STOP or a second 21610 does not send a second confirmation.
 */
export async function recordOptOut(db: Db, change: ConsentChange, at: Date): Promise<boolean> {
  const column = optedOutColumn[change.channel];
  const updated = await db
    .update(customers)
    .set(change.channel === 'sms' ? { smsOptedOutAt: at } : { emailOptedOutAt: at })
    .where(
      and(eq(customers.id, change.customerId), eq(customers.merchantId, change.merchantId), isNull(column)),
    )
    .returning({ id: customers.id });
  if (updated.length === 0) return false;
  await insertConsentEvent(db, change, 'opt_out', at);
  return true;
}

/** Opts the customer back in (START, YES, UNSTOP); false when they were not opted out. */
export async function recordOptIn(db: Db, change: ConsentChange, at: Date): Promise<boolean> {
  const column = optedOutColumn[change.channel];
  const updated = await db
    .update(customers)
    .set(change.channel === 'sms' ? { smsOptedOutAt: null } : { emailOptedOutAt: null })
    .where(
      and(
        eq(customers.id, change.customerId),
        eq(customers.merchantId, change.merchantId),
        isNotNull(column),
      ),
    )
    .returning({ id: customers.id });
  if (updated.length === 0) return false;
  await insertConsentEvent(db, change, 'opt_in', at);
  return true;
}

async function insertConsentEvent(
  db: Db,
  change: ConsentChange,
  action: 'opt_out' | 'opt_in',
  at: Date,
): Promise<void> {
  await db.insert(consentEvents).values({
    merchantId: change.merchantId,
    customerId: change.customerId,
    channel: change.channel,
    action,
    source: change.source,
    detail: change.detail ?? '',
    messageId: change.messageId ?? null,
    userId: change.userId ?? null,
    createdAt: at,
  });
}

export async function listConsentEvents(db: Db, merchantId: string, customerId: string) {
  return db
    .select()
    .from(consentEvents)
    .where(and(eq(consentEvents.merchantId, merchantId), eq(consentEvents.customerId, customerId)))
    .orderBy(sql`${consentEvents.createdAt} desc, ${consentEvents.id} desc`);
}
