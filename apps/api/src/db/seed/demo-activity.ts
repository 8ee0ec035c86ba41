import { asc, eq, sql } from 'drizzle-orm';
import { renderBody, type MessageStatus } from '@paylane/shared/messaging';
import type { Db } from '../client';
import {
  accounts,
  consentEvents,
  customerConversations,
  customers,
  locations,
  messageBatches,
  messages,
} from '../schema';
import { mergeValuesOf } from '../../modules/message-templates/merge-field-values.service';
import { newOutboxSid } from '../../providers/sms/outbox-sms-provider';
import { twilioErrorText } from '../../providers/sms/twilio-status';
import { later, type DemoClock } from './demo-clock';
import {
  demoAutomations,
  demoBatches,
  demoConversations,
  type DemoAutomation,
  type DemoBatch,
  type DemoBatchKey,
  type DemoChatLine,
  type DemoSender,
  type DemoTemplateKey,
} from './demo-conversations';

type MessageRow = typeof messages.$inferInsert;
type Person = Awaited<ReturnType<typeof readPeople>>[number];
export type DemoTemplate = { id: string; text: string; email: string | null; name: string };

export type DemoActivityInput = {
  merchantId: string;
  /** The number the merchant texts from (inbound texts were sent to it). */
  senderNumber: string;
  /** The STOP answer the merchant's customers get. */
  stopReply: string;
  users: Record<DemoSender, string>;
  templates: Record<DemoTemplateKey, DemoTemplate>;
  clock: DemoClock;
};

/**
 * Writes the demo's messaging history (demo-conversations.ts) as it would have happened: every text with
 * its time, status and provider id, the two batches, the STOP and its consent record; then the inbox
 * summaries the dispatcher would have kept, and the unread counts staff have left.
 */
export async function seedDemoActivity(db: Db, input: DemoActivityInput): Promise<void> {
  const people = await readPeople(db, input.merchantId);
  const person = (index: number) => {
    const found = people[index];
    if (!found) throw new Error(`the demo has no customer ${index}`);
    return found;
  };
  const batches = await insertBatches(db, input, demoBatches(input.clock));
  const conversations = demoConversations(input.clock, input.stopReply);
  const rows: MessageRow[] = [
    ...conversations.flatMap((c) => c.lines.map((line) => chatRow(input, person(c.customer), line))),
    ...demoAutomations.map((automation) => automationRow(input, person(automation.customer), automation)),
    ...demoBatches(input.clock).flatMap((batch) =>
      batch.recipients.map((recipient) =>
        batchRow(input, person(recipient.customer), batch, batches.get(batch.key) ?? '', recipient),
      ),
    ),
  ];
  // One statement in time order, so seq (the inbox's and the chat's order) follows the clock.
  rows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  const written = await db
    .insert(messages)
    .values(rows)
    .returning({ id: messages.id, kind: messages.kind, channel: messages.channel, status: messages.status });
  // Mass texts and automations join their conversation when handed over (migration 0009), which these
  // rows were long ago: record it as the dispatcher does.
  const handedOver = written
    .filter((m) => m.channel === 'sms' && (m.kind === 'batch' || m.kind === 'automation'))
    .filter((m) => m.status !== 'canceled' && !(m.kind === 'automation' && m.status === 'failed'))
    .map((m) => m.id);
  await db.execute(sql`select customer_conversations_upsert(${sql.param(handedOver)}::uuid[])`);
  await setUnreadCounts(
    db,
    input.merchantId,
    conversations.map((c) => [person(c.customer).id, c.unread]),
  );
  for (const c of conversations.filter((each) => each.snoozedUntil !== undefined)) {
    await db
      .update(customerConversations)
      .set({ snoozedUntil: c.snoozedUntil })
      .where(eq(customerConversations.customerId, person(c.customer).id));
  }
  const stopped = conversations.find((c) => c.lines.some((line) => line.isKeywordReply));
  if (stopped) await recordStop(db, input, person(stopped.customer), stopped.lines[0]!.at);
}

async function readPeople(db: Db, merchantId: string) {
  // DM-1001, DM-1002, ...: the order the demo created them in, which the scripts count by.
  const rows = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.smsPhoneNumber,
      email: customers.email,
      account: accounts,
      locationName: locations.name,
    })
    .from(customers)
    .innerJoin(accounts, eq(accounts.customerId, customers.id))
    .leftJoin(locations, eq(locations.id, accounts.locationId))
    .where(eq(customers.merchantId, merchantId))
    .orderBy(asc(customers.externalId));
  return rows;
}

/** A text that reached the provider: its id there, when it left, and when its status last moved. */
function handedOverFields(at: Date, status: MessageStatus, errorCode?: string) {
  return {
    provider: 'outbox',
    providerMessageId: newOutboxSid(),
    sentAt: later(at, 2),
    statusChangedAt: status === 'queued' || status === 'accepted' ? later(at, 2) : later(at, 9),
    errorCode: errorCode ?? null,
    errorMessage: errorCode ? (twilioErrorText(errorCode) ?? null) : null,
  };
}

function common(input: DemoActivityInput, person: Person, at: Date) {
  return {
    merchantId: input.merchantId,
    customerId: person.id,
    accountId: person.account.id,
    channel: 'sms' as const,
    createdAt: at,
    sendAfter: at,
  };
}

function chatRow(input: DemoActivityInput, person: Person, line: DemoChatLine): MessageRow {
  const phone = person.phone ?? '';
  if (!line.sender && !line.isKeywordReply) {
    return {
      ...common(input, person, line.at),
      direction: 'inbound',
      kind: 'inbound',
      body: line.body,
      toAddress: input.senderNumber,
      fromAddress: phone,
      status: 'received',
      provider: 'outbox',
      providerMessageId: newOutboxSid(),
      sentAt: line.at,
      statusChangedAt: line.at,
    };
  }
  const status = line.status ?? 'delivered';
  return {
    ...common(input, person, line.isKeywordReply ? later(line.at, 1) : line.at),
    direction: 'outbound',
    kind: line.isKeywordReply ? 'keyword_reply' : 'chat',
    body: line.body,
    toAddress: phone,
    fromAddress: input.senderNumber,
    status,
    senderUserId: line.sender ? input.users[line.sender] : null,
    ...handedOverFields(line.at, status, line.errorCode),
  };
}

function automationRow(input: DemoActivityInput, person: Person, automation: DemoAutomation): MessageRow {
  const template = input.templates[automation.template];
  const at = input.clock.at(automation.daysAgo, '10:00');
  const isEmail = automation.channel === 'email';
  const { account } = person;
  // The due date it was sent for: reminders go 3 days before it, past-due notices 2 days after.
  const dueDate = input.clock.date(-automation.daysAgo + (automation.template === 'reminder' ? 3 : -2));
  const values = mergeValuesOf({
    firstName: person.firstName,
    lastName: person.lastName,
    dueDate,
    amountDueCents: account.amountDueCents,
    cadence: account.cadence,
    accountNumber: account.externalId,
    vehicleYear: account.vehicleYear,
    vehicleMake: account.vehicleMake,
    vehicleModel: account.vehicleModel,
    locationName: person.locationName,
    paymentMethod: null,
  });
  const base = {
    ...common(input, person, at),
    templateId: template.id,
    direction: 'outbound' as const,
    kind: 'automation' as const,
    automationDueDate: dueDate,
  };
  if (isEmail) {
    return {
      ...base,
      channel: 'email',
      body: renderBody(template.email ?? template.text, values),
      subject: template.name,
      toAddress: person.email ?? '',
      status: automation.status,
      provider: 'outbox',
      providerMessageId: `demo-email-${person.id}-${automation.daysAgo}`,
      sentAt: later(at, 3),
      statusChangedAt: later(at, 3),
    };
  }
  const body = renderBody(template.text, values);
  if (automation.skipReason) {
    return {
      ...base,
      body,
      toAddress: person.phone ?? '',
      status: 'failed',
      errorMessage: automation.skipReason,
      statusChangedAt: at,
    };
  }
  return {
    ...base,
    body,
    toAddress: person.phone ?? '',
    fromAddress: input.senderNumber,
    status: automation.status,
    ...handedOverFields(at, automation.status, automation.errorCode),
  };
}

function batchRow(
  input: DemoActivityInput,
  person: Person,
  batch: DemoBatch,
  batchId: string,
  recipient: DemoBatch['recipients'][number],
): MessageRow {
  const body = renderBody(batch.body, {
    first_name: person.firstName,
    last_name: person.lastName,
    location: person.locationName ?? '',
  });
  const base = {
    ...common(input, person, batch.at),
    batchId,
    direction: 'outbound' as const,
    kind: 'batch' as const,
    body,
    toAddress: person.phone ?? '',
    senderUserId: input.users[batch.sender],
  };
  if (recipient.status === 'canceled') {
    return { ...base, status: 'canceled', statusChangedAt: batch.canceledAt ?? batch.at };
  }
  return {
    ...base,
    fromAddress: input.senderNumber,
    status: recipient.status,
    ...handedOverFields(batch.at, recipient.status, recipient.errorCode),
  };
}

async function insertBatches(db: Db, input: DemoActivityInput, batches: DemoBatch[]) {
  const rows = await db
    .insert(messageBatches)
    .values(
      batches.map((batch) => ({
        merchantId: input.merchantId,
        name: batch.name,
        body: batch.body,
        isCsvImported: batch.isCsvImported,
        createdByUserId: input.users[batch.sender],
        recipientCount: batch.recipients.length,
        canceledAt: batch.canceledAt ?? null,
        createdAt: batch.at,
      })),
    )
    .returning({ id: messageBatches.id, name: messageBatches.name });
  return new Map<DemoBatchKey, string>(
    batches.map((batch) => [batch.key, rows.find((row) => row.name === batch.name)?.id ?? '']),
  );
}

/** What staff have not opened yet; every other conversation of the demo has been read. */
async function setUnreadCounts(db: Db, merchantId: string, unread: [string, number][]) {
  const ids = sql.param(unread.map(([id]) => id));
  const counts = sql.param(unread.map(([, n]) => n));
  await db.execute(sql`
    update customer_conversations c set unread_count = coalesce(
      (select u.n from unnest(${ids}::uuid[], ${counts}::int[]) as u(customer_id, n)
        where u.customer_id = c.customer_id), 0)
    where c.merchant_id = ${merchantId}`);
}

/** The customer who replied STOP (to the spring offer): opted out from then on, with the consent record. */
async function recordStop(db: Db, input: DemoActivityInput, person: Person, at: Date) {
  await db.update(customers).set({ smsOptedOutAt: at }).where(eq(customers.id, person.id));
  await db.insert(consentEvents).values({
    merchantId: input.merchantId,
    customerId: person.id,
    channel: 'sms',
    action: 'opt_out',
    source: 'keyword',
    detail: 'STOP',
    createdAt: at,
  });
}
