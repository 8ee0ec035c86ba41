import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageBatches } from '../../db/schema';
import {
  linkableAccountSql,
  newPayLinkTokenSql,
  payLinkExpiry,
  payLinkTokenHashSql,
} from '../pay-links/pay-link-tokens.service';

export async function findBatchByIdempotencyKey(db: Db, merchantId: string, key: string) {
  const [row] = await db
    .select({ id: messageBatches.id, recipientCount: messageBatches.recipientCount })
    .from(messageBatches)
    .where(and(eq(messageBatches.merchantId, merchantId), eq(messageBatches.idempotencyKey, key)));
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
export async function insertBatch(db: Db, batch: NewBatch): Promise<string | null> {
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

export async function setBatchRecipientCount(db: Db, batchId: string, count: number) {
  await db.update(messageBatches).set({ recipientCount: count }).where(eq(messageBatches.id, batchId));
}

// The sendable rule: a live customer with a phone for texts who has not opted out.
const sendableSql = sql`c.voided_at is null and c.sms_phone_number is not null and c.sms_opted_out_at is null`;

/** Of `ids`, those that are no customer of the merchant (in any state). */
export async function findUnknownCustomerIds(db: Db, merchantId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const result = await db.execute<{ id: string }>(sql`
    select u.id from unnest(${sql.param(ids)}::uuid[]) as u(id)
    where not exists (select 1 from customers c where c.id = u.id and c.merchant_id = ${merchantId})`);
  return new Set(result.rows.map((row) => row.id));
}

/** Whether any of these live customers of the merchant opted out of texts (why nobody could be texted). */
export async function hasOptedOutCustomer(db: Db, merchantId: string, ids: readonly string[]) {
  if (ids.length === 0) return false;
  const result = await db.execute<{ found: boolean }>(sql`
    select exists (select 1 from customers c where c.id = any(${sql.param(ids)}::uuid[])
      and c.merchant_id = ${merchantId} and c.voided_at is null and c.sms_opted_out_at is not null) as found`);
  return result.rows[0]?.found === true;
}

export type BatchMessagesInput = {
  merchantId: string;
  batchId: string;
  templateId: string | null;
  senderUserId: string | null;
  customerIds: readonly string[];
  /** The body rendered per row (merge-fields.sql.ts), over c, a, pm, l and (with payLinks) pl. */
  body: SQL;
  /** Join the customer's account (first active, else first) and first saved payment method. */
  withAccount: boolean;
  withPaymentMethod: boolean;
  /** The body uses {{payment_link}} (needs withAccount): a new link per message, made at `now`. */
  payLinks: { now: Date } | null;
};

/**
 * One pending text per sendable recipient in one INSERT … SELECT, its body rendered by the database: the
 * recipients never travel to the server and back. The batch's unique key makes a repeat impossible. Returns
 * how many were written. account_id stays empty: a mass text is to the customer, and each foreign key
 * checked costs ~10 % of the statement at 100,000 rows. A body with {{payment_link}} takes the other shape
 * (insertBatchMessagesWithLinks); every other body keeps this one, whose speed the bench holds.
 */
export async function insertBatchMessages(db: Db, input: BatchMessagesInput): Promise<number> {
  if (input.customerIds.length === 0) return 0;
  if (input.payLinks) return insertBatchMessagesWithLinks(db, input, input.payLinks);
  const result = await db.execute<{ queued: number }>(sql`
    with inserted as (
      insert into messages (merchant_id, customer_id, account_id, batch_id, template_id, direction, channel, kind,
        body, to_address, status, sender_user_id)
      select c.merchant_id, c.id, null::uuid, ${input.batchId}::uuid, ${input.templateId}::uuid, 'outbound', 'sms',
        'batch', ${input.body}, c.sms_phone_number, 'pending', ${input.senderUserId}::uuid
      ${recipientsSql(input)}
      on conflict do nothing
      returning 1
    )
    select count(*)::int as queued from inserted`);
  return result.rows[0]?.queued ?? 0;
}

/**
 * The same, each message with its own pay link (docs/product.md §9 payment_link), links and texts written by
 * one statement so neither exists without the other. The recipients are read once into a materialized CTE:
 * each row's token is drawn once (pl, a subquery kept apart by OFFSET 0), then the texts are inserted with it
 * in their body and the links with its digest, only for texts actually written. A recipient whose account
 * has nothing to pay (or who has none) gets no link and an empty field.
 */
async function insertBatchMessagesWithLinks(
  db: Db,
  input: BatchMessagesInput,
  links: { now: Date },
): Promise<number> {
  const result = await db.execute<{ queued: number }>(sql`
    with recipients as materialized (
      select c.merchant_id, c.id as customer_id, c.sms_phone_number, a.id as account_id, pl.token,
        ${input.body} as body
      ${recipientsSql(
        input,
        sql`left join lateral (
        select case when ${linkableAccountSql} then ${newPayLinkTokenSql} end as token offset 0) pl on true`,
      )}
    ),
    inserted as (
      insert into messages (merchant_id, customer_id, account_id, batch_id, template_id, direction, channel, kind,
        body, to_address, status, sender_user_id)
      select r.merchant_id, r.customer_id, null::uuid, ${input.batchId}::uuid, ${input.templateId}::uuid,
        'outbound', 'sms', 'batch', r.body, r.sms_phone_number, 'pending', ${input.senderUserId}::uuid
      from recipients r
      on conflict do nothing
      returning customer_id
    ),
    links as (
      insert into pay_links (merchant_id, customer_id, account_id, token_hash, expires_at, created_by_user_id,
        created_at)
      select r.merchant_id, r.customer_id, r.account_id, ${payLinkTokenHashSql(sql`r.token`)},
        ${payLinkExpiry(links.now).toISOString()}::timestamptz, ${input.senderUserId}::uuid,
        ${links.now.toISOString()}::timestamptz
      from recipients r join inserted i on i.customer_id = r.customer_id
      where r.token is not null
    )
    select count(*)::int as queued from inserted`);
  return result.rows[0]?.queued ?? 0;
}

/** FROM … WHERE of the sendable recipients with c, a, pm and l (and `extra` joins) for the body. */
function recipientsSql(input: BatchMessagesInput, extra: SQL = sql``): SQL {
  const account = input.withAccount
    ? sql`left join lateral (
        select a.id, a.status, a.merged_into_id, a.due_date, a.amount_due_cents, a.cadence, a.external_id,
          a.vehicle_year, a.vehicle_make, a.vehicle_model, a.location_id
        from accounts a where a.customer_id = c.id and a.merchant_id = c.merchant_id
        order by a.status <> 'active', a.created_at, a.id limit 1) a on true`
    : sql`left join lateral (select null::date as due_date, null::bigint as amount_due_cents,
        null::text as cadence, null::text as external_id, null::int as vehicle_year, null::text as vehicle_make,
        null::text as vehicle_model, null::uuid as location_id) a on true`;
  const paymentMethod = input.withPaymentMethod
    ? sql`left join lateral (
        select pm.nickname, pm.masked_card_number, pm.masked_account_number from payment_methods pm
        where pm.customer_id = c.id and pm.merchant_id = c.merchant_id and pm.removed_at is null
        order by pm.created_at, pm.id limit 1) pm on true`
    : sql`left join lateral (select null::text as nickname, null::text as masked_card_number,
        null::text as masked_account_number) pm on true`;
  return sql`
      from unnest(${sql.param(input.customerIds)}::uuid[]) as r(id)
      join customers c on c.id = r.id
      ${account}
      ${paymentMethod}
      left join locations l on l.id = coalesce(a.location_id, c.location_id)
      ${extra}
      where c.merchant_id = ${input.merchantId} and ${sendableSql}`;
}
