import { DEFAULT_LANGUAGE } from '@paylane/shared/messaging';
import type { Db } from '../client';
import { customerGroupMembers, customerGroups, messageTemplates } from '../schema';
import { seedSystemTemplates } from '../../modules/message-templates/system-templates.service';
import { keywordReplyText } from '../../modules/inbound-messages/keyword-replies.service';
import type { DemoClock } from './demo-clock';
import { seedDemoActivity } from './demo-activity';
import type { DemoSender } from './demo-conversations';

const text = (body: string) => ({
  language: DEFAULT_LANGUAGE,
  body_type: 'TEXT' as const,
  message_body: body,
});
const email = (body: string) => ({
  language: DEFAULT_LANGUAGE,
  body_type: 'EMAIL' as const,
  message_body: body,
});

/**
 * The demo merchant's messaging: its auto generated templates, two payment reminders the daily automation
 * sends (3 days before and 2 days after the due date), a template for staff to send by hand, a group of
 * the first ten demo customers for a mass text, and the weeks of texts that went through them
 * (demo-activity.ts).
 */
export async function seedDemoMessaging(
  db: Db,
  input: {
    merchant: { id: string; name: string; smsFromNumber: string | null; outboxSmsNumber: string };
    users: Record<DemoSender, string>;
    customerIds: string[];
    clock: DemoClock;
  },
): Promise<void> {
  const merchantId = input.merchant.id;
  const authorId = input.users.admin;
  await seedSystemTemplates(db, merchantId);
  const templates = await db
    .insert(messageTemplates)
    .values([
      {
        merchantId,
        name: 'Payment Reminder',
        description: 'Three days before the due date.',
        type: 'SCHEDULED',
        deltaDays: 3,
        createdByUserId: authorId,
        messageBodies: [
          text(
            'Hi {{first_name}}, a friendly reminder that your {{cadence}} payment of {{amount_due}} for your {{vehicle_year}} {{vehicle_make}} {{vehicle_model}} is due {{due_date}}. Reply STOP to opt out.',
          ),
          email(
            'Hi {{first_name}},\n\nThis is a friendly reminder that your payment of {{amount_due}} for account {{account_number}} is due on {{due_date}}.\n\nThank you,\n{{location}}',
          ),
        ],
      },
      {
        merchantId,
        name: 'Past Due Notice',
        description: 'Two days after the due date.',
        type: 'SCHEDULED',
        deltaDays: -2,
        createdByUserId: authorId,
        messageBodies: [
          text(
            'Hi {{first_name}}, your payment of {{amount_due}} for account {{account_number}} was due {{due_date}}. Please call {{location}} or pay today. Reply STOP to opt out.',
          ),
        ],
      },
      {
        merchantId,
        name: 'Collector Follow-up',
        description: 'Sent by hand from the inbox.',
        type: 'UNSCHEDULED',
        createdByUserId: authorId,
        messageBodies: [
          text(
            'Hi {{first_name}}, this is {{collector_name}} at {{location}}. Please give me a call about account {{account_number}} when you have a moment.',
          ),
        ],
      },
    ])
    .returning();
  const [group] = await db
    .insert(customerGroups)
    .values({ merchantId, name: 'First Ten Customers', createdByUserId: authorId })
    .returning({ id: customerGroups.id });
  if (!group) throw new Error('demo group insert returned no row');
  await db
    .insert(customerGroupMembers)
    .values(
      input.customerIds.slice(0, 10).map((customerId) => ({ merchantId, groupId: group.id, customerId })),
    );
  const reminder = templates.find((row) => row.name === 'Payment Reminder');
  const pastDue = templates.find((row) => row.name === 'Past Due Notice');
  if (!reminder || !pastDue) throw new Error('demo template insert returned no row');
  const template = (row: (typeof templates)[number]) => ({
    id: row.id,
    name: row.name,
    text: row.messageBodies.find((body) => body.body_type === 'TEXT')?.message_body ?? '',
    email: row.messageBodies.find((body) => body.body_type === 'EMAIL')?.message_body ?? null,
  });
  await seedDemoActivity(db, {
    merchantId,
    // The number the dispatcher texts from on the laptop: the merchant's own, else its offline number.
    senderNumber: input.merchant.smsFromNumber ?? input.merchant.outboxSmsNumber,
    stopReply: keywordReplyText('opt_out', {
      merchantName: input.merchant.name,
      merchantPhone: null,
      merchantEmail: '',
    }),
    users: input.users,
    templates: { reminder: template(reminder), pastDue: template(pastDue) },
    clock: input.clock,
  });
}
