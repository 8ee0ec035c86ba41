import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Cadence } from '@paylane/shared/contracts/customers';
import type { Db, DbExecutor } from '../../db/client';
import { messageBatches, messageTemplates } from '../../db/schema';

export async function findBatchByIdempotencyKey(db: DbExecutor, merchantId: string, key: string) {
  const [row] = await db
    .select({ id: messageBatches.id, recipientCount: messageBatches.recipientCount })
    .from(messageBatches)
    .where(and(eq(messageBatches.merchantId, merchantId), eq(messageBatches.idempotencyKey, key)));
  return row ?? null;
}

export async function findSendableTemplate(db: Db, merchantId: string, templateId: string) {
  const [row] = await db
    .select({
      id: messageTemplates.id,
      active: messageTemplates.active,
      messageBodies: messageTemplates.messageBodies,
    })
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.merchantId, merchantId),
        eq(messageTemplates.id, templateId),
        isNull(messageTemplates.deletedAt),
      ),
    );
  return row ?? null;
}

export type NewBatch = {
  merchantId: string;
  name: string;
  templateId: string | null;
  body: string;
  isCsvImported: boolean;
  createdByUserId: string | null;
  idempotencyKey: string | null;
};

/** The batch row; null when a batch with the same idempotency key exists (it waits for that one to commit). */
export async function insertBatch(db: DbExecutor, batch: NewBatch): Promise<string | null> {
  const [row] = await db
    .insert(messageBatches)
    .values(batch)
    .onConflictDoNothing({
      target: [messageBatches.merchantId, messageBatches.idempotencyKey],
      where: sql`${messageBatches.idempotencyKey} is not null`,
    })
    .returning({ id: messageBatches.id });
  return row?.id ?? null;
}

export async function setBatchRecipientCount(db: DbExecutor, batchId: string, count: number) {
  await db.update(messageBatches).set({ recipientCount: count }).where(eq(messageBatches.id, batchId));
}

/** A customer a mass text was addressed to, with whether they may be texted and their merge fields. */
export type Recipient = {
  id: string;
  sendable: boolean;
  first_name: string;
  last_name: string;
  account_id: string | null;
  due_date: string | null;
  amount_due_cents: number | null;
  cadence: Cadence | null;
  account_number: string | null;
  vehicle_year: number | null;
  vehicle_make: string | null;
  vehicle_model: string | null;
  location_name: string | null;
  pm_nickname: string | null;
  pm_card: string | null;
  pm_account: string | null;
};

// The sendable rule, kept in one place: the read and the guarded insert apply the same one.
const sendableSql = sql`c.voided_at is null and c.sms_phone_number is not null and c.sms_opted_out_at is null`;

/**
 * The merchant's customers among `ids` (others are unknown), each with their first active account (else
 * their first account) and first saved payment method, as the template preview reads them. The account and
 * payment method are read only when the body uses their fields.
 */
export async function readRecipients(
  db: DbExecutor,
  input: { merchantId: string; ids: readonly string[]; withAccount: boolean; withPaymentMethod: boolean },
): Promise<Recipient[]> {
  const account = input.withAccount
    ? sql`left join lateral (
        select a.id, a.due_date::text as due_date, a.amount_due_cents, a.cadence, a.external_id, a.vehicle_year,
          a.vehicle_make, a.vehicle_model, a.location_id
        from accounts a where a.customer_id = c.id and a.merchant_id = c.merchant_id
        order by a.status <> 'active', a.created_at, a.id limit 1) a on true`
    : sql`left join lateral (select null::uuid as id, null::text as due_date, null::bigint as amount_due_cents,
        null::text as cadence, null::text as external_id, null::int as vehicle_year, null::text as vehicle_make,
        null::text as vehicle_model, null::uuid as location_id) a on true`;
  const paymentMethod = input.withPaymentMethod
    ? sql`left join lateral (
        select pm.nickname, pm.masked_card_number, pm.masked_account_number from payment_methods pm
        where pm.customer_id = c.id and pm.merchant_id = c.merchant_id and pm.removed_at is null
        order by pm.created_at, pm.id limit 1) pm on true`
    : sql`left join lateral (select null::text as nickname, null::text as masked_card_number,
        null::text as masked_account_number) pm on true`;
  const result = await db.execute<Recipient>(sql`
    select c.id, (${sendableSql}) as sendable, c.first_name, c.last_name, a.id as account_id, a.due_date,
      a.amount_due_cents::float8 as amount_due_cents, a.cadence, a.external_id as account_number, a.vehicle_year,
      a.vehicle_make, a.vehicle_model, l.name as location_name, pm.nickname as pm_nickname,
      pm.masked_card_number as pm_card, pm.masked_account_number as pm_account
    from customers c
    ${account}
    ${paymentMethod}
    left join locations l on l.id = coalesce(a.location_id, c.location_id)
    where c.merchant_id = ${input.merchantId} and c.id = any(${sql.param(input.ids)}::uuid[])`);
  return result.rows;
}

export type BatchMessageRow = { customerId: string; accountId: string | null; body: string };

/**
 * One pending text per recipient, in one INSERT … SELECT: the customers are joined again under the sendable
 * rule (a customer voided or opted out since the read is left out), and the batch's unique key makes a
 * repeat impossible. Returns how many were written.
 */
export async function insertBatchMessages(
  db: DbExecutor,
  input: { merchantId: string; batchId: string; templateId: string | null; senderUserId: string | null },
  rows: readonly BatchMessageRow[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db.execute<{ queued: number }>(sql`
    with inserted as (
      insert into messages (merchant_id, customer_id, account_id, batch_id, template_id, direction, channel, kind,
        body, to_address, status, sender_user_id)
      select c.merchant_id, c.id, r.account_id, ${input.batchId}::uuid, ${input.templateId}::uuid, 'outbound', 'sms',
        'batch',
        r.body, c.sms_phone_number, 'pending', ${input.senderUserId}::uuid
      from unnest(${sql.param(rows.map((row) => row.customerId))}::uuid[],
        ${sql.param(rows.map((row) => row.accountId))}::uuid[], ${sql.param(rows.map((row) => row.body))}::text[])
        as r(customer_id, account_id, body)
      join customers c on c.id = r.customer_id and c.merchant_id = ${input.merchantId} and ${sendableSql}
      on conflict do nothing
      returning 1
    )
    select count(*)::int as queued from inserted`);
  return result.rows[0]?.queued ?? 0;
}
