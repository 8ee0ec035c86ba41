import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** The body the bench sends: an account's fields, so the statement joins each recipient's account. */
export const BENCH_MESSAGE = 'Hi {{first_name}}, your payment of {{amount_due}} is due {{due_date}}.';

// BENCH_MESSAGE rendered by the database, as renderedBodySql (apps/api/src/modules/messaging/merge-fields.sql.ts)
// renders it: its words as parameters ($5 … $8), each field as the column it names.
const dollars = (cents: string) => `to_char(${cents}::numeric / 100, 'FM999,999,999,999,990.00')`;
const renderedBody = `$5::text || (c.first_name) || $6::text || (case when a.amount_due_cents is null then ''
    when a.amount_due_cents < 0 then '($' || ${dollars('abs(a.amount_due_cents)')} || ')'
    else '$' || ${dollars('a.amount_due_cents')} end) || $7::text
  || (coalesce(to_char(a.due_date, 'MM/DD/YYYY'), '')) || $8::text`;
const bodyWords = ['Hi ', ', your payment of ', ' is due ', '.'];

// The accept's INSERT … SELECT for BENCH_MESSAGE: insertBatchMessages in
// apps/api/src/modules/messaging/mass-text.repository.ts with the account joined (withAccount), no payment
// method and no pay links. Keep the two alike: the run compares the rows it writes with the accept's count.
const insertSelect = `
  with inserted as (
    insert into messages (merchant_id, customer_id, account_id, batch_id, template_id, direction, channel, kind,
      body, to_address, status, sender_user_id)
    select c.merchant_id, c.id, null::uuid, $2::uuid, null::uuid, 'outbound', 'sms', 'batch', ${renderedBody},
      c.sms_phone_number, 'pending', $3::uuid
    from unnest($4::uuid[]) as r(id)
    join customers c on c.id = r.id
    left join lateral (
      select a.id, a.status, a.merged_into_id, a.due_date, a.amount_due_cents, a.cadence, a.external_id,
        a.vehicle_year, a.vehicle_make, a.vehicle_model, a.location_id
      from accounts a where a.customer_id = c.id and a.merchant_id = c.merchant_id
      order by a.status <> 'active', a.created_at, a.id limit 1) a on true
    left join lateral (select null::text as nickname, null::text as masked_card_number,
      null::text as masked_account_number) pm on true
    left join locations l on l.id = coalesce(a.location_id, c.location_id)
    where c.merchant_id = $1 and c.voided_at is null and c.sms_phone_number is not null
      and c.sms_opted_out_at is null
    on conflict do nothing
    returning 1
  )
  select count(*)::int as queued from inserted`;

/**
 * The floor under accepting a mass text: its INSERT … SELECT alone, straight through `pg`, for the same
 * recipients, in a transaction rolled back so the database keeps only the accept's texts. The batch row it
 * needs is written first and not timed.
 */
export async function timeInsertSelectAlone(input: {
  databaseUrl: string;
  merchantId: string;
  senderUserId: string;
  customerIds: readonly string[];
}): Promise<{ seconds: number; rows: number }> {
  const client = new pg.Client({ connectionString: input.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const batch = await client.query<{ id: string }>(
      `insert into message_batches (merchant_id, name, body, created_by_user_id)
       values ($1, 'bench: INSERT … SELECT alone (rolled back)', $2, $3) returning id`,
      [input.merchantId, BENCH_MESSAGE, input.senderUserId],
    );
    const started = performance.now();
    const result = await client.query<{ queued: number }>(insertSelect, [
      input.merchantId,
      batch.rows[0]?.id,
      input.senderUserId,
      input.customerIds,
      ...bodyWords,
    ]);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, rows: result.rows[0]?.queued ?? 0 };
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}
