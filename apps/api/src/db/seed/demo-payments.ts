import { pino } from 'pino';
import type { AppContext } from '../../context';
import { takeMiscPayment } from '../../modules/payments/misc-payment.service';
import { takeAccountPayment, type PaymentTaker } from '../../modules/payments/take-payment.service';
import type { PaymentProcessor } from '../../providers/payments/payment-processor';
import { saveSandboxBankAccount, saveSandboxCard } from '../../providers/payments/sandbox/sandbox-entry';
import { createSandboxProcessor } from '../../providers/payments/sandbox/sandbox-processor';
import type { Db } from '../client';
import { sql } from 'drizzle-orm';
import { paymentMethods } from '../schema';
import type { DemoClock } from './demo-clock';

// The demo's money (issue 16): customers with cards and bank accounts saved at the sandbox processor the way
// the hosted entry saves them, and weeks of payments taken through the payments service, so the ledger and
// the accounts' amounts due agree as they would in use. Test numbers: docs/reference/payments.md.

/** `openedAt`: when the customer signed up, nothing of theirs is dated before it; `amountDueCents` as seeded. */
type DemoPaymentAccount = {
  id: string;
  customerId: string;
  isActive: boolean;
  openedAt: Date;
  amountDueCents: number;
};

/** Every demo account still owes at least this after its payments: nobody in the demo is paid off. */
const DEMO_MIN_LEFT_DUE_CENTS = 5_000;
type Saved = { credit?: string; debit?: string; bank?: string };

/** A bank debit of the demo stays processing this long after it is taken: "a few days". */
const DEMO_BANK_SETTLE_MS = 4 * 86_400_000;
const demoCards = {
  credit: { number: '4242424242424242', nickname: 'Visa', paymentType: 'CREDIT' },
  debit: { number: '4000056655665556', nickname: 'Visa Debit', paymentType: 'DEBIT' },
} as const;
const demoBank = { routing_number: '110000000', account_number: '000123456789' } as const;

/**
 * A third of the customers pay through the demo (every payment goes through the payments service, which
 * costs a few queries each, and every API test seeds the demo): `j` counts them.
 */
const payingIndex = (i: number) => (i % 3 === 0 ? i / 3 : null);

/** Which methods the `j`th paying customer saved: a credit card, a debit card, both a card and a bank account, or none. */
function methodsAt(j: number): (keyof Saved)[] {
  return [['credit'], ['debit'], ['credit', 'bank'], []][j % 4] as (keyof Saved)[];
}

export async function seedDemoPayments(
  db: Db,
  input: { merchantId: string; staffUserId: string; accounts: DemoPaymentAccount[]; clock: DemoClock },
): Promise<void> {
  const { merchantId, clock } = input;
  // The sandbox and the payments service run on the seed's own transaction, dated by the moment of each step.
  let at = clock.now;
  const processor = createSandboxProcessor({
    db,
    now: () => at,
    delayMs: 60_000,
    bankSettleMs: DEMO_BANK_SETTLE_MS,
  });
  const ctx = paymentsContext(db, processor, () => at);
  const taker: PaymentTaker = {
    actor: { merchantId, userId: input.staffUserId, ip: '127.0.0.1' },
    canWaiveFee: false,
    canExceedRoleLimits: false,
  };

  const paying = input.accounts.flatMap((account, i) => {
    const j = payingIndex(i);
    return j !== null && account.isActive ? [{ account, j }] : [];
  });
  const saved = new Map<string, Saved>();
  for (const { account, j } of paying) {
    // Saved the day the customer signed up, at the desk.
    at = new Date(account.openedAt.getTime() + 20 * 60_000);
    saved.set(
      account.customerId,
      await saveDemoMethods(db, merchantId, account.customerId, methodsAt(j), at),
    );
  }

  for (const { account, j } of paying) {
    const methods = saved.get(account.customerId) ?? {};
    let owed = account.amountDueCents;
    // Oldest first, as they were taken.
    for (const payment of paymentHistoryAt(j, methods).reverse()) {
      at = clock.at(payment.daysAgo, payment.time);
      if (at <= account.openedAt || owed - payment.amountCents < DEMO_MIN_LEFT_DUE_CENTS) continue;
      owed -= payment.amountCents;
      await takeAccountPayment(ctx, taker, {
        customerId: account.customerId,
        accountId: account.id,
        idempotencyKey: null,
        amount: payment.amountCents,
        note: payment.note,
        waive_fee: false,
        ...payment.how,
      });
    }
  }

  // One bank payment taken yesterday is still on its way: the account shows it as processing.
  const banked = paying.findLast(({ account }) => saved.get(account.customerId)?.bank)?.account;
  const bank = banked && saved.get(banked.customerId)?.bank;
  if (!banked || !bank) throw new Error('the demo needs an active account with a saved bank account');
  at = clock.at(1, '16:40');
  await takeAccountPayment(ctx, taker, {
    customerId: banked.customerId,
    accountId: banked.id,
    idempotencyKey: null,
    amount: 12_000,
    note: '',
    waive_fee: false,
    payment_method: bank,
  });

  // Down payments (misc payments, no account yet): the two newest customers paid one at the counter the day
  // they signed up, before their first card was saved.
  for (const [k, account] of input.accounts.slice(-2).entries()) {
    const down = demoDownPayments[k];
    if (!down) continue;
    at = new Date(account.openedAt.getTime() + 5 * 60_000);
    await takeMiscPayment(ctx, taker, {
      customer_id: account.customerId,
      idempotencyKey: null,
      ...down,
    });
  }
  await dropQueuedPaymentTexts(db, merchantId);
}

const demoDownPayments = [
  { amount: 150_000, method_kind: 'check', note: '2210', description: 'Down payment' },
  { amount: 80_000, method_kind: 'cash', note: '', description: 'Down payment' },
] as const;

/**
 * The payments queued their THANKS texts as they were taken; in the demo's story they were taken weeks ago,
 * and its texting history is written by demo-messaging afterwards. The seed runs payments before any text
 * exists, so it drops what they queued (and the conversations those texts opened) rather than leave texts
 * for the dispatcher to send today.
 */
async function dropQueuedPaymentTexts(db: Db, merchantId: string): Promise<void> {
  await db.execute(sql`delete from customer_conversations where merchant_id = ${merchantId}`);
  await db.execute(
    sql`delete from messages where merchant_id = ${merchantId} and kind = 'system' and status = 'pending'`,
  );
}

type DemoPayment = {
  daysAgo: number;
  time: string;
  amountCents: number;
  note: string;
  how: { payment_method: string } | { method_kind: 'cash' | 'check' | 'money_order' };
};

const demoAmounts = [7_500, 10_000, 12_500, 5_000, 15_000];

/** Two or three past payments, about two weeks apart: a card when one is saved, else cash, a check or a money order. */
function paymentHistoryAt(j: number, methods: Saved): DemoPayment[] {
  const card = methods.credit ?? methods.debit;
  return Array.from({ length: 2 + (j % 2) }, (_, k): DemoPayment => {
    const counter = (['cash', 'check', 'money_order'] as const)[(j + k) % 3] ?? 'cash';
    const isCard = card !== undefined && k % 2 === 0;
    return {
      daysAgo: 3 + (j % 5) + 16 * k,
      time: `${String(9 + ((j + k) % 8)).padStart(2, '0')}:${String((j * 11 + k * 7) % 60).padStart(2, '0')}`,
      amountCents: demoAmounts[(j + k) % demoAmounts.length] ?? 10_000,
      note: !isCard && counter === 'check' ? String(1040 + j * 3 + k) : '',
      how: isCard ? { payment_method: card } : { method_kind: counter },
    };
  });
}

async function saveDemoMethods(
  db: Db,
  merchantId: string,
  customerId: string,
  kinds: (keyof Saved)[],
  now: Date,
): Promise<Saved> {
  const saved: Saved = {};
  const owner = {
    merchantId,
    customerId,
    processor: 'sandbox' as const,
    processorAccountId: '',
    createdAt: now,
  };
  for (const kind of kinds) {
    if (kind === 'bank') {
      const method = await saveSandboxBankAccount(db, {
        processorAccountId: '',
        entry: { ...demoBank, account_type: 'checking' },
        now,
      });
      saved.bank = await insertMethod(db, {
        ...owner,
        paymentType: 'CHECKING',
        nickname: 'Checking',
        maskedAccountNumber: `********${method.last4}`,
        processorToken: method.token,
      });
      continue;
    }
    const card = demoCards[kind];
    const method = await saveSandboxCard(db, {
      processorAccountId: '',
      entry: {
        card_number: card.number,
        exp_month: '08',
        exp_year: String(now.getUTCFullYear() + 3),
        cvc: '123',
      },
      now,
    });
    if (method.kind !== 'card') throw new Error('the sandbox saved a card as something else');
    saved[kind] = await insertMethod(db, {
      ...owner,
      paymentType: card.paymentType,
      cardType: method.brand.toUpperCase(),
      nickname: card.nickname,
      maskedCardNumber: `************${method.last4}`,
      processorToken: method.token,
      funding: method.funding,
    });
  }
  return saved;
}

async function insertMethod(db: Db, values: typeof paymentMethods.$inferInsert): Promise<string> {
  const [row] = await db.insert(paymentMethods).values(values).returning({ id: paymentMethods.id });
  if (!row) throw new Error('demo payment method not saved');
  return row.id;
}

/**
 * The part of the app's context the payments service reads (database, processor, clock, log). The seed runs
 * before the app exists, inside its own transaction, so it hands the service just these.
 */
function paymentsContext(db: Db, payments: PaymentProcessor, now: () => Date): AppContext {
  const used: Pick<AppContext, 'db' | 'payments' | 'now' | 'log'> = {
    db,
    payments,
    now,
    log: pino({ level: 'silent' }),
  };
  return used as AppContext;
}
