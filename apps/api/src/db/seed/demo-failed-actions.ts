import { sql } from 'drizzle-orm';
import type { Db } from '../client';

// The demo's failed actions (issue 18 item 4). The autopay charges the demo's nightly run declined yesterday
// (demo-autopay.ts) recorded their own, through the payments module; the texts the demo's history shows as
// undelivered were written already failed, so the messages trigger never saw them move: they are recorded here.

/** The demo's undelivered texts (handed to the provider, then failed) as open message actions. */
export async function seedDemoMessageActions(db: Db, merchantId: string): Promise<void> {
  await db.execute(sql`
    insert into failed_actions (merchant_id, kind, subject_key, message_id, customer_id, account_id, reason_code,
      reason_message, created_at)
    select merchant_id, 'message', 'message:' || id, id, customer_id, account_id, error_code,
      coalesce(error_message, 'Failed to send'), status_changed_at
    from messages
    where merchant_id = ${merchantId} and direction = 'outbound' and status in ('failed', 'undelivered')
      and provider_message_id is not null
    on conflict (merchant_id, subject_key) do nothing`);
}
