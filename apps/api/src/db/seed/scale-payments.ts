import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/** Where a batch's accounts sit among all the accounts the run creates, so each gets its exact share. */
export type PaymentShare = { total: number; accountCount: number; firstOrdinal: number };

/**
 * Payment history for these accounts (benchmark volume for the payment report): account number `k` of the
 * run (0-based, `firstOrdinal` + its place here) gets floor(total·(k+1)/accountCount) − floor(total·k/accountCount)
 * payments, so the run writes exactly `total`. Dated over the last 365 days; 92 % paid, 6 % failed, 2 %
 * returned (no pending or processing ones, which the reconciler would start asking the processor about); card
 * 60 % (a 3 % fee on half), bank 15 %, cash 20 %, check 5 %; each principal a fraction of the account's amount
 * due so the account never goes below zero. Paid and returned payments get their ledger entries (principal,
 * fee, return) through the ledger's own triggers, which move the amount due (migration 0019): one
 * INSERT … SELECT for the payments and one for their entries.
 */
export async function insertScalePayments(
  tx: Db,
  accountIds: readonly string[],
  share: PaymentShare,
  runId: string,
): Promise<void> {
  if (share.total < 1 || accountIds.length === 0) return;
  await tx.execute(sql`
    with batch as (
      select a.id, a.merchant_id, a.customer_id, a.amount_due_cents,
        floor(${share.total}::numeric * (${share.firstOrdinal} + o.k) / ${share.accountCount})
          - floor(${share.total}::numeric * (${share.firstOrdinal} + o.k - 1) / ${share.accountCount}) as n
      from unnest(${sql.param(accountIds)}::uuid[]) with ordinality as o(id, k)
      join accounts a on a.id = o.id
    ),
    drawn as (
      select b.*, g, abs(hashtext(b.id::text || ':' || g)) as h
      from batch b cross join generate_series(1, b.n::int) g
    ),
    shaped as (
      select d.*,
        case when h % 100 < 60 then 'card' when h % 100 < 75 then 'bank' when h % 100 < 95 then 'cash'
          else 'check' end as method_kind,
        case when (h / 100) % 100 < 92 then 'paid' when (h / 100) % 100 < 98 then 'failed'
          else 'returned' end as status,
        greatest(100, d.amount_due_cents / (d.n + 2) - (h / 10000) % 50)::bigint as amount_cents,
        lpad(((h / 7) % 10000)::text, 4, '0') as last4,
        now() - make_interval(secs => (h % (365 * 86400))::double precision) as at
      from drawn d
    ),
    inserted as (
      insert into payments (merchant_id, customer_id, account_id, kind, channel, method_kind, method_label,
        amount_cents, fee_cents, status, idempotency_key, request_digest, processor, failure_code,
        failure_message, paid_at, created_at, updated_at)
      select merchant_id, customer_id, id, 'account',
        case when h % 7 = 0 then 'pay_link' when h % 11 = 0 then 'autopay' else 'staff' end,
        method_kind,
        case method_kind when 'card' then (array['Visa', 'Mastercard', 'Discover'])[1 + h % 3] || ' •••• ' || last4
          when 'bank' then 'Checking •••• ' || last4 when 'cash' then 'Cash' else 'Check ' || (1000 + h % 9000)
        end,
        amount_cents,
        case when method_kind = 'card' and h % 2 = 0 then round(amount_cents * 0.03)::bigint else 0 end,
        status, ${`scale-${runId}-`} || id || '-' || g, '',
        case when method_kind in ('card', 'bank') then 'sandbox' end,
        case when status = 'failed' then 'card_declined' when status = 'returned' then 'R01' end,
        case when status = 'failed' then 'Your card was declined.'
          when status = 'returned' then 'Insufficient funds' end,
        case when status <> 'failed' then at end, at, at
      from shaped
      order by at
      returning id, merchant_id, account_id, amount_cents, fee_cents, status, created_at
    )
    insert into ledger_entries (merchant_id, payment_id, account_id, kind, amount_cents, occurred_at)
    select i.merchant_id, i.id, i.account_id, e.kind, e.amount_cents, e.at
    from inserted i
    cross join lateral (values
      ('payment', i.amount_cents, i.created_at),
      ('fee', i.fee_cents, i.created_at),
      ('return', -i.amount_cents, least(now(), i.created_at + interval '3 days'))) as e(kind, amount_cents, at)
    where i.status in ('paid', 'returned') and (e.kind <> 'fee' or i.fee_cents > 0)
      and (e.kind <> 'return' or i.status = 'returned')`);
}
