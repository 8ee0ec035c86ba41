import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customers, messages, messageTemplates, type MessageBody } from '../../db/schema';

// Records for automation tests, written straight to the database: each account has its own customer.

let serial = 0;

export async function insertTemplate(
  db: Db,
  input: {
    merchantId: string;
    name: string;
    deltaDays: number;
    active?: boolean;
    email?: string;
    deleted?: boolean;
  },
) {
  const bodies: MessageBody[] = [
    {
      language: 'en-US',
      body_type: 'TEXT',
      message_body: `${input.name}: Hi {{first_name}}, {{amount_due}} is due {{due_date}} for {{account_number}}.`,
    },
  ];
  if (input.email) bodies.push({ language: 'en-US', body_type: 'EMAIL', message_body: input.email });
  const [row] = await db
    .insert(messageTemplates)
    .values({
      merchantId: input.merchantId,
      name: input.name,
      type: 'SCHEDULED',
      deltaDays: input.deltaDays,
      active: input.active ?? true,
      messageBodies: bodies,
      deletedAt: input.deleted ? new Date() : null,
    })
    .returning();
  return row!;
}

export type AccountSpec = {
  externalId: string;
  dueDate: string;
  status?: 'active' | 'pending' | 'inactive' | 'closed';
  phone?: string | null;
  email?: string | null;
  smsOptedOut?: boolean;
  emailOptedOut?: boolean;
  voided?: boolean;
  mergedIntoId?: string;
};

/** One customer and their account; the phone defaults to a unique fictional number. */
export async function insertAccount(db: Db, merchantId: string, spec: AccountSpec) {
  serial += 1;
  const now = new Date();
  const [customer] = await db
    .insert(customers)
    .values({
      merchantId,
      firstName: `First${serial}`,
      lastName: 'Auto',
      smsPhoneNumber:
        spec.phone === undefined ? `+1737555${String(1000 + serial).padStart(4, '0')}` : spec.phone,
      email: spec.email ?? null,
      smsOptedOutAt: spec.smsOptedOut ? now : null,
      emailOptedOutAt: spec.emailOptedOut ? now : null,
      voidedAt: spec.voided ? now : null,
    })
    .returning();
  const [account] = await db
    .insert(accounts)
    .values({
      merchantId,
      customerId: customer!.id,
      externalId: spec.externalId,
      status: spec.status ?? 'active',
      dueDate: spec.dueDate,
      amountDueCents: 45_678,
      mergedIntoId: spec.mergedIntoId ?? null,
    })
    .returning();
  return { customer: customer!, account: account! };
}

/** The merchant's automation messages as (account external id, template, channel, status, error). */
export async function automationMessages(db: Db, merchantId: string) {
  const rows = await db
    .select({
      account: accounts.externalId,
      template: messageTemplates.name,
      channel: messages.channel,
      status: messages.status,
      error: messages.errorMessage,
      dueDate: messages.automationDueDate,
      body: messages.body,
      subject: messages.subject,
      to: messages.toAddress,
    })
    .from(messages)
    .innerJoin(accounts, eq(accounts.id, messages.accountId))
    .innerJoin(messageTemplates, eq(messageTemplates.id, messages.templateId))
    .where(and(eq(messages.merchantId, merchantId), eq(messages.kind, 'automation')));
  return rows.sort((a, b) =>
    `${a.account}/${a.template}/${a.channel}`.localeCompare(`${b.account}/${b.template}/${b.channel}`),
  );
}
