import { and, eq, inArray, sql } from 'drizzle-orm';
import { runMerchantAutopay } from '../../modules/autopay/autopay-run.service';
import { enrolAutopay } from '../../modules/autopay/autopay-enrol.service';
import { saveSandboxCard } from '../../providers/payments/sandbox/sandbox-entry';
import { createSandboxProcessor } from '../../providers/payments/sandbox/sandbox-processor';
import type { Db } from '../client';
import { accounts, paymentMethods } from '../schema';
import type { DemoClock } from './demo-clock';
import { dropQueuedPaymentTexts, paymentsContext } from './demo-payments';

// The demo's failed actions (issue 18 item 4): two customers enrolled in autopay with cards the sandbox
// declines, charged by the real nightly run yesterday — one declined outright (card_declined), one for
// insufficient funds — so /merchants/{id}/failed-actions and Home's /failed-payments have open autopay
// failures to retry or resolve; and the texts the demo's history shows as undelivered, recorded as message
// actions (they were written already failed, so the messages trigger never saw them move).

/** Accounts no other demo story or journey uses; each gets its declining card. */
const demoAutopayFailures = [
  { externalId: 'ACC-5026', cardNumber: '4000000000000002', nickname: 'Old Visa' },
  { externalId: 'ACC-5029', cardNumber: '4000000000009995', nickname: 'Visa' },
] as const;

export async function seedDemoFailedActions(
  db: Db,
  input: { merchantId: string; timeZone: string; staffUserId: string; clock: DemoClock },
): Promise<void> {
  const { merchantId, clock } = input;
  let at = clock.at(2, '10:00');
  const processor = createSandboxProcessor({
    db,
    now: () => at,
    delayMs: 60_000,
    bankSettleMs: 4 * 86_400_000,
  });
  // PAYMENT_FAILED renders a pay link; the texts are dropped below (the demo's texting history is its own).
  const ctx = {
    ...paymentsContext(db, processor, () => at),
    config: { publicUrl: 'http://localhost' },
  } as ReturnType<typeof paymentsContext>;
  const actor = { merchantId, userId: input.staffUserId, ip: '127.0.0.1' };
  const dueDate = clock.date(-1);
  const rows = await db
    .select({ id: accounts.id, customerId: accounts.customerId, externalId: accounts.externalId })
    .from(accounts)
    .where(
      and(
        eq(accounts.merchantId, merchantId),
        inArray(
          accounts.externalId,
          demoAutopayFailures.map((failure) => failure.externalId),
        ),
      ),
    );
  for (const failure of demoAutopayFailures) {
    const account = rows.find((row) => row.externalId === failure.externalId);
    if (!account) throw new Error(`the demo has no account ${failure.externalId}`);
    const methodId = await saveDecliningCard(db, { merchantId, customerId: account.customerId }, failure, at);
    await db.update(accounts).set({ dueDate }).where(eq(accounts.id, account.id));
    await enrolAutopay(
      ctx,
      actor,
      { merchantId, customerId: account.customerId, accountId: account.id },
      {
        payment_method: methodId,
        due_day: Math.min(Number(dueDate.slice(8, 10)), 28),
        authorization_accepted: true,
      },
    );
  }
  // The nightly run of yesterday, early in the morning on the dealership's clock.
  at = clock.at(1, '06:00');
  // One claim at a time: the seed's single transaction cannot carry charges side by side.
  await runMerchantAutopay(
    ctx,
    { merchantId, timeZone: input.timeZone, localDate: dueDate },
    { batchSize: 1 },
  );
  await dropQueuedPaymentTexts(db, merchantId);
}

async function saveDecliningCard(
  db: Db,
  owner: { merchantId: string; customerId: string },
  card: { cardNumber: string; nickname: string },
  now: Date,
): Promise<string> {
  const method = await saveSandboxCard(db, {
    processorAccountId: '',
    entry: {
      card_number: card.cardNumber,
      exp_month: '08',
      exp_year: String(now.getUTCFullYear() + 3),
      cvc: '123',
    },
    now,
  });
  if (method.kind !== 'card') throw new Error('the sandbox saved a card as something else');
  const [row] = await db
    .insert(paymentMethods)
    .values({
      ...owner,
      paymentType: 'CREDIT',
      cardType: method.brand.toUpperCase(),
      nickname: card.nickname,
      maskedCardNumber: `************${method.last4}`,
      processor: 'sandbox',
      processorAccountId: '',
      processorToken: method.token,
      funding: method.funding,
      createdAt: now,
    })
    .returning({ id: paymentMethods.id });
  if (!row) throw new Error('demo payment method not saved');
  return row.id;
}

/** The demo's undelivered texts (written already failed by its history) as open message actions. */
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
