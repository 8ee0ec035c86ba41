import { randomBytes } from 'node:crypto';
import type { Database } from '../../../apps/api/src/db/client';

export type SeededBatch = { merchantId: string; timeZone: string; tag: string };

/**
 * N customers of the demo merchant, each with an account due today on the merchant's clock (autopay on), a saved
 * sandbox card that succeeds, and an active enrolment: a handful of INSERT … SELECT statements on one connection,
 * the rows made by generate_series in the database (nothing per account is held in this process).
 */
export async function seedDueAccounts(database: Database, count: number): Promise<SeededBatch> {
  const client = await database.pool.connect();
  try {
    const merchant = await client.query<{ id: string; time_zone: string }>(
      `select id, time_zone from merchants where name = 'Demo Motors' limit 1`,
    );
    const row = merchant.rows[0];
    if (!row) throw new Error('the demo merchant is missing');
    const tag = randomBytes(4).toString('hex');
    await client.query('begin');
    await client.query(
      `create temp table bench_rows on commit drop as
       select gen_random_uuid() as customer_id, gen_random_uuid() as account_id,
              gen_random_uuid() as method_id, 'sbx_pm_bench_' || $1 || '_' || g as token, g
       from generate_series(1, $2::int) g`,
      [tag, count],
    );
    const today = `(now() at time zone '${row.time_zone.replaceAll("'", "''")}')::date`;
    const statements = [
      `insert into sandbox_processor_methods (token, processor_account_id, kind, brand, funding, last4, exp_month, exp_year, outcome)
       select token, '', 'card', 'visa', 'credit', '4242', 12, 2031, '{"status":"succeeded"}'::jsonb from bench_rows`,
      `insert into customers (id, merchant_id, first_name, last_name)
       select customer_id, $1, 'Bench', 'Autopay ' || g from bench_rows`,
      `insert into accounts (id, merchant_id, customer_id, external_id, amount_due_cents, due_date, autopay_enabled)
       select account_id, $1, customer_id, 'BENCH-' || $2 || '-' || g, 10000 + (g % 50) * 100, ${today}, true
       from bench_rows`,
      `insert into payment_methods (id, merchant_id, customer_id, payment_type, card_type, masked_card_number,
                                    processor, processor_account_id, processor_token, funding)
       select method_id, $1, customer_id, 'CREDIT', 'VISA', '************4242', 'sandbox', '', token, 'credit'
       from bench_rows`,
      `insert into autopay_enrolments (merchant_id, customer_id, account_id, payment_method_id, due_day,
                                       authorization_text, enrolled_at)
       select $1, customer_id, account_id, method_id, least(extract(day from ${today})::int, 28),
              'Bench authorization', now()
       from bench_rows`,
    ];
    for (const text of statements) {
      const values = text.includes('$2') ? [row.id, tag] : text.includes('$1') ? [row.id] : [];
      await client.query(text, values);
    }
    await client.query('commit');
    // As the nightly run finds them: autovacuum (PGlite: the hourly db.analyze job) has seen the new rows.
    await client.query(
      'analyze customers, accounts, payment_methods, autopay_enrolments, sandbox_processor_methods',
    );
    return { merchantId: row.id, timeZone: row.time_zone, tag };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** What the batch's run left: paid autopay payments, accounts charged twice, and the sandbox's charges for them. */
export async function tallyRun(database: Database, batch: SeededBatch) {
  const result = await database.pool.query<{ paid: string; twice: string; charges: string }>(
    `with batch as (
       select id from accounts where merchant_id = $1 and external_id like 'BENCH-' || $2 || '-%'
     ), paid as (
       select p.id, p.account_id from payments p
       where p.merchant_id = $1 and p.account_id in (select id from batch)
         and p.channel = 'autopay' and p.status = 'paid'
     )
     select (select count(*) from paid) as paid,
            (select count(*) from (select account_id from paid group by account_id having count(*) > 1) t) as twice,
            (select count(*) from sandbox_processor_charges c where c.reference in (select id::text from paid))
              as charges`,
    [batch.merchantId, batch.tag],
  );
  const row = result.rows[0];
  return {
    paidPayments: Number(row?.paid ?? 0),
    accountsChargedTwice: Number(row?.twice ?? 0),
    sandboxCharges: Number(row?.charges ?? 0),
  };
}
