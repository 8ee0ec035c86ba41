import { sql } from 'drizzle-orm';
import type { Db } from '../client';

const BODIES = [
  'Hi, your payment is due on Friday.',
  'Thanks, I will pay tomorrow.',
  'Your payment was received. Thank you!',
  'Can I move my due date to the 15th?',
  'Reminder: your account is past due.',
  'I paid online this morning.',
];

/**
 * A text history for each of these customers (benchmark volume for the inbox and chat): `perCustomer`
 * messages alternating outbound and inbound, spread over the last 90 days, delivered or received. One
 * INSERT … SELECT per call, so 1,000 customers with 10 messages each are one statement (and one
 * conversation upsert by the trigger).
 */
export async function insertScaleMessages(
  tx: Db,
  customerIds: readonly string[],
  perCustomer: number,
): Promise<void> {
  if (perCustomer < 1 || customerIds.length === 0) return;
  await tx.execute(sql`
    insert into messages (merchant_id, customer_id, direction, channel, kind, body, to_address, from_address,
      status, provider, created_at, status_changed_at, sent_at)
    select c.merchant_id, c.id,
      case when g % 2 = 0 then 'inbound' else 'outbound' end, 'sms',
      case when g % 2 = 0 then 'inbound' else 'chat' end,
      (${sql.param(BODIES)}::text[])[1 + (g + abs(hashtext(c.id::text))) % ${BODIES.length}],
      case when g % 2 = 0 then '+15005550006' else c.sms_phone_number end,
      case when g % 2 = 0 then c.sms_phone_number else '+15005550006' end,
      case when g % 2 = 0 then 'received' else 'delivered' end, 'outbox', t.at, t.at, t.at
    from customers c
    cross join generate_series(1, ${perCustomer}) g
    cross join lateral (select now() - make_interval(days => 90) * (1 - g::float / ${perCustomer + 1})
      - make_interval(mins => abs(hashtext(c.id::text)) % 1440) as at) t
    where c.id = any(${sql.param(customerIds)}::uuid[]) and c.sms_phone_number is not null
    order by t.at`);
}
